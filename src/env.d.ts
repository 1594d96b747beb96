/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('../api/context.ts').TSessionUser | null;
    settings: import('../api/services/settings/get-settings.ts').TSettings;
  }
}
