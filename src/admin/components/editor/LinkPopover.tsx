import type { Editor } from '@tiptap/react';
import { useId, useState } from 'react';
import { notify } from '../../../lib/toast.ts';

/** Links the sanitiser keeps: http(s), mailto, tel, or a path on this site. */
export function normaliseHref(raw: string): string | null {
  const v = raw.trim();
  if (!v) return null;
  if (/^(https?:|mailto:|tel:)/i.test(v)) return v;
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) return null;
  return `https://${v}`;
}

/**
 * The link address bar under the toolbar. Mounted when opened, so it starts from the link
 * under the cursor. An empty address removes the link; with nothing selected the address
 * itself is inserted as the link text.
 */
export default function LinkPopover({
  editor,
  onLink,
  onClose,
}: {
  editor: Editor;
  /** Whether the cursor is on a link (offers "Remove link"). */
  onLink: boolean;
  onClose: () => void;
}) {
  const inputId = useId();
  const [value, setValue] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const chain = () => editor.chain().focus();

  function apply() {
    const href = normaliseHref(value);
    if (!href) {
      if (value.trim()) {
        notify.error('Links must start with http://, https://, mailto:, tel: or /.');
        return;
      }
      chain().extendMarkRange('link').unsetLink().run();
    } else if (editor.state.selection.empty && !editor.isActive('link')) {
      chain()
        .insertContent({ type: 'text', text: value.trim(), marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      chain().extendMarkRange('link').setLink({ href }).run();
    }
    onClose();
  }

  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-2 py-2">
      <label htmlFor={inputId} className="text-xs font-medium text-slate-600">
        Link address
      </label>
      <input
        id={inputId}
        type="url"
        inputMode="url"
        value={value}
        placeholder="https://example.com"
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onClose();
            editor.commands.focus();
          }
        }}
        // biome-ignore lint/a11y/noAutofocus: the user just asked for this field
        autoFocus
        className="h-8 min-w-0 flex-1 rounded-md border border-slate-300 px-2 text-sm focus:border-primary focus:outline-none"
      />
      <button
        type="button"
        onClick={apply}
        className="h-8 rounded-md bg-primary px-3 text-xs font-semibold text-primary-fg"
      >
        Apply
      </button>
      {onLink && (
        <button
          type="button"
          onClick={() => {
            chain().extendMarkRange('link').unsetLink().run();
            onClose();
          }}
          className="h-8 rounded-md px-2 text-xs font-medium text-red-700 hover:bg-red-50"
        >
          Remove link
        </button>
      )}
      <button
        type="button"
        onClick={onClose}
        className="h-8 rounded-md px-2 text-xs font-medium text-slate-600 hover:bg-slate-100"
      >
        Cancel
      </button>
    </div>
  );
}
