/**
 * ImageDrop — the one image picker of the admin area (ad image and gallery, category image,
 * testimonial image, site logo).
 *
 * - Drag and drop onto the zone, or click / press Enter or Space on it to choose files.
 *   The zone highlights while files are dragged over it.
 * - Previews: the chosen files as thumbnails, each with a remove button; and `existing`
 *   images (already stored, shown by URL) with remove buttons when `onRemoveExisting` is
 *   given (the parent tracks what was removed, e.g. for removedGalleryImages).
 * - Single mode (default): one file; choosing another replaces it. While no file is chosen,
 *   the first existing image shows as the current one.
 * - Multiple mode: `max` caps how many NEW files may be held (e.g. photolimit − existing);
 *   extra files are left out (said under the zone), and the zone says when the cap is reached.
 * - Every file is checked when it is chosen: its first bytes must be an image the server takes
 *   (sniffImageFile: a text file renamed .jpg is refused, never previewed) and it must be at
 *   most `maxBytes` (10 MB, the server's limit). Refused files are left out and the reason is
 *   shown under the zone (the input gets aria-invalid and aria-describedby), as is a count
 *   over the cap. The server checks every file again by content.
 *
 * Usage:
 *   <ImageDrop label="Ad image" files={image} onFilesChange={setImage}
 *     existing={current ? [{ name: current, url: uploadUrl(current, 400) }] : []} />
 *   <ImageDrop label="Gallery images" multiple max={limit - kept.length} files={gallery}
 *     onFilesChange={setGallery} existing={kept} onRemoveExisting={(n) => remove(n)} />
 */
import { ImagePlus, X } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { errorIdFor, sniffImageFile } from '../../lib/form-errors.ts';

export type TExistingImage = { name: string; url: string };

export type TImageDropProps = {
  /** Visible label; also the file input's accessible name. */
  label: string;
  multiple?: boolean;
  /** Multiple mode: most new files held at once (undefined = no cap). */
  max?: number;
  files: File[];
  onFilesChange: (files: File[]) => void;
  /** Images already stored, shown before the new ones. */
  existing?: TExistingImage[];
  /** Given: existing images get a remove button that reports their name. */
  onRemoveExisting?: (name: string) => void;
  accept?: string;
  /** A line under the zone (limits, recommended size…). */
  hint?: string;
  maxBytes?: number;
  disabled?: boolean;
};

const TEN_MB = 10 * 1024 * 1024;

function sizeText(bytes: number) {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Object URLs for the chosen files, revoked when the files change or the picker unmounts. */
function usePreviews(files: File[]) {
  const [urls, setUrls] = useState<Map<File, string>>(() => new Map());
  useEffect(() => {
    const made = new Map(files.map((f) => [f, URL.createObjectURL(f)]));
    setUrls(made);
    return () => {
      for (const u of made.values()) URL.revokeObjectURL(u);
    };
  }, [files]);
  return urls;
}

function Thumb({
  src,
  alt,
  removeLabel,
  onRemove,
  large = false,
  badge,
}: {
  src: string;
  alt: string;
  removeLabel?: string;
  onRemove?: () => void;
  large?: boolean;
  badge?: string;
}) {
  return (
    <li
      className={`relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100 ${large ? 'h-36 w-48' : 'h-24 w-24'}`}
    >
      <img src={src} alt={alt} className="h-full w-full object-cover" loading="lazy" decoding="async" />
      {badge && (
        <span className="absolute bottom-1 left-1 rounded bg-slate-900/70 px-1.5 py-0.5 text-[11px] font-medium text-white">
          {badge}
        </span>
      )}
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={removeLabel}
          title={removeLabel}
          className="absolute top-1 right-1 grid h-7 w-7 place-items-center rounded-full bg-white/95 text-slate-700 shadow ring-1 ring-slate-300 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </li>
  );
}

/** Which chosen files are taken (size, sniffed type, room left) and why the others are not. */
async function pickFiles(
  list: File[],
  o: { maxBytes: number; multiple: boolean; room: number; max?: number },
): Promise<{ kept: File[]; problems: string[] }> {
  const picked: File[] = [];
  const problems: string[] = [];
  for (const f of list) {
    if (f.size > o.maxBytes) problems.push(`${f.name} is larger than ${sizeText(o.maxBytes)}, so it was left out.`);
    else if (!(await sniffImageFile(f)))
      problems.push(`${f.name} is not a JPEG, PNG, WebP, GIF or AVIF image, so it was left out.`);
    else picked.push(f);
  }
  const kept = o.multiple ? picked.slice(0, o.room) : picked.slice(0, 1);
  if (o.multiple && kept.length < picked.length) {
    const n = o.max ?? 0;
    problems.push(
      o.room === 0
        ? `You can add no more images (limit ${n}).`
        : `Only ${o.room} more ${o.room === 1 ? 'image fits' : 'images fit'} (limit ${n}); the rest were left out.`,
    );
  }
  return { kept, problems: [...new Set(problems)] };
}

/** A drop zone's handlers and whether files are held over it. */
function useDropZone(inactive: boolean, onFiles: (files: FileList) => void) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child element; count them to know when we left.
  const depth = useRef(0);
  const zone = {
    onDragEnter: (e: DragEvent) => {
      e.preventDefault();
      if (inactive) return;
      depth.current += 1;
      setOver(true);
    },
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      e.dataTransfer.dropEffect = inactive ? 'none' : 'copy';
    },
    onDragLeave: () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      depth.current = 0;
      setOver(false);
      if (!inactive) onFiles(e.dataTransfer.files);
    },
  };
  return { over, zone };
}

export default function ImageDrop({
  label,
  multiple = false,
  max,
  files,
  onFilesChange,
  existing = [],
  onRemoveExisting,
  accept = 'image/*',
  hint,
  maxBytes = TEN_MB,
  disabled = false,
}: TImageDropProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const previews = usePreviews(files);
  // Why the last chosen files (some or all) were left out; goes with the next choice.
  const [refused, setRefused] = useState<string[]>([]);
  const errorId = errorIdFor(inputId);

  const room = multiple ? (max === undefined ? Number.POSITIVE_INFINITY : Math.max(0, max - files.length)) : 1;
  const full = multiple && room === 0;
  const inactive = disabled || full;

  async function take(list: FileList | File[]) {
    const { kept, problems } = await pickFiles(Array.from(list), { maxBytes, multiple, room, max });
    setRefused(problems);
    if (!kept.length) return;
    onFilesChange(multiple ? [...files, ...kept] : kept);
  }
  const { over, zone } = useDropZone(inactive, (list) => void take(list));

  const removeNew = (i: number) => onFilesChange(files.filter((_, j) => j !== i));
  // Single mode shows the chosen file, else the current (existing) image.
  const singleCurrent = !multiple && files.length === 0 ? existing[0] : undefined;

  const zoneText = full
    ? `Limit reached: ${max} new ${max === 1 ? 'image' : 'images'} at most.`
    : multiple
      ? 'Drag and drop images here, or choose files'
      : files.length || singleCurrent
        ? 'Drag and drop another image, or choose a file to replace it'
        : 'Drag and drop an image here, or choose a file';

  return (
    <div className="space-y-2">
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      {/* The drop target wraps a real file input: the keyboard's way in. */}
      <div
        {...zone}
        data-dragover={over || undefined}
        className={`relative rounded-xl border-2 border-dashed transition-colors focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30 ${
          over
            ? 'border-primary bg-primary/10'
            : inactive
              ? 'border-slate-200 bg-slate-50'
              : 'border-slate-300 bg-white hover:border-primary/60 hover:bg-slate-50'
        }`}
      >
        <label
          htmlFor={inputId}
          className={`flex flex-col items-center justify-center gap-1.5 px-4 py-6 text-center ${inactive ? 'cursor-not-allowed' : 'cursor-pointer'}`}
        >
          <ImagePlus className={`h-7 w-7 ${over ? 'text-primary-ink' : 'text-slate-400'}`} aria-hidden="true" />
          <span className={`text-sm ${inactive ? 'text-slate-500' : 'text-slate-700'}`}>
            {over ? 'Drop to add' : zoneText}
          </span>
          {!inactive && (
            <span className="text-xs text-slate-500">JPEG, PNG, WebP, GIF or AVIF, up to {sizeText(maxBytes)}</span>
          )}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={inactive}
          aria-label={label}
          aria-invalid={refused.length ? true : undefined}
          aria-describedby={[refused.length ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined}
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          onChange={(e) => {
            if (e.target.files) void take(e.target.files);
            // Cleared so choosing the same file again still fires a change.
            e.target.value = '';
          }}
        />
      </div>
      {refused.length > 0 && (
        <div id={errorId} data-field-error={label} role="alert" className="space-y-0.5 text-sm text-red-700">
          {refused.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {(existing.length > 0 || files.length > 0) && (
        <ul className="flex flex-wrap gap-3" aria-label={`${label}: selected`}>
          {multiple
            ? existing.map((img, i) => (
                <Thumb
                  key={img.name}
                  src={img.url}
                  alt={`${label} ${i + 1}`}
                  removeLabel={onRemoveExisting ? `Remove existing image ${i + 1}` : undefined}
                  onRemove={onRemoveExisting ? () => onRemoveExisting(img.name) : undefined}
                />
              ))
            : singleCurrent && (
                <Thumb
                  large
                  src={singleCurrent.url}
                  alt={`Current ${label.toLowerCase()}`}
                  badge="Current"
                  removeLabel={onRemoveExisting ? `Remove current ${label.toLowerCase()}` : undefined}
                  onRemove={onRemoveExisting ? () => onRemoveExisting(singleCurrent.name) : undefined}
                />
              )}
          {files.map((f, i) =>
            previews.get(f) ? (
              <Thumb
                key={`${i}-${f.name}-${f.size}`}
                large={!multiple}
                src={previews.get(f) as string}
                alt={f.name}
                badge={multiple ? 'New' : 'New image'}
                removeLabel={`Remove ${f.name}`}
                onRemove={() => removeNew(i)}
              />
            ) : null,
          )}
        </ul>
      )}
    </div>
  );
}
