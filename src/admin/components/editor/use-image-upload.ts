import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { apiFetch } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';

/**
 * Uploads a picked image (multipart `image`, answer `{ success, url }`) and inserts it at the
 * cursor. Images must live under /uploads, or the server's sanitiser drops them.
 */
/** Where an editor may upload images: a route of the API, so its answer is typed. */
export type TImageUploadPath = '/api/uploads/image';

export function useImageUpload(editor: Editor | null, uploadPath: TImageUploadPath) {
  const [uploading, setUploading] = useState(false);

  async function uploadImage(file: File) {
    if (!editor) return;
    if (!file.type.startsWith('image/')) {
      notify.error('Please choose an image.', 'Error');
      return;
    }
    setUploading(true);
    const body = new FormData();
    body.append('image', file);
    const res = await apiFetch(uploadPath, { method: 'POST', body });
    setUploading(false);
    if (!res.success) {
      notify.error(res.error, 'Error');
      return;
    }
    editor
      .chain()
      .focus()
      .setImage({ src: res.url, alt: file.name.replace(/\.[a-z0-9]+$/i, '').slice(0, 120) })
      .run();
  }

  return { uploading, uploadImage };
}
