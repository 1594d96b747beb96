import { uploadUrl } from '../../lib/image-urls.ts';
import { storeImage } from '../../storage/images.ts';
import { EDITOR_IMAGE_PREFIX } from '../ads/ad-files.ts';

/**
 * An image for a rich-text field (the editor's image button): checked and re-encoded like
 * every upload. The URL points at the 1200px rendition under /uploads, the only image
 * source the sanitiser lets through.
 */
export async function uploadEditorImage({ file }: { file: File }) {
  const name = await storeImage(file, { prefix: EDITOR_IMAGE_PREFIX });
  return { name, url: uploadUrl(name, 1200) };
}
