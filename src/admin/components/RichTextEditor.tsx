/**
 * RichTextEditor — the one rich-text editor of the admin area (ad descriptions, page
 * content, FAQ answers, testimonials, settings HTML): Tiptap v3 with the toolbar in
 * editor/Toolbar.tsx, the link bar in editor/LinkPopover.tsx, image uploads through
 * editor/use-image-upload.ts, and the extensions in editor/extensions.ts.
 *
 * Props: `value` / `onChange` carry HTML ('' when empty); `label` names the editing area for
 * screen readers (and tests: getByRole('textbox', { name: label })); `placeholder` shows
 * while empty; `uploadPath` is where the image button uploads; `styling` false leaves out
 * text sizes, fonts and colours (ad descriptions keep structure, not looks).
 *
 * Usage: <RichTextEditor label="Description" value={html} onChange={setHtml}
 *          placeholder="Write your advertisement description here..." />
 */
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { editorExtensions } from './editor/extensions.ts';
import LinkPopover from './editor/LinkPopover.tsx';
import Toolbar from './editor/Toolbar.tsx';
import { useToolbarState } from './editor/toolbar-state.ts';
import { type TImageUploadPath, useImageUpload } from './editor/use-image-upload.ts';

export type TRichTextEditorProps = {
  value: string;
  onChange: (html: string) => void;
  /** Accessible name of the editing area. */
  label: string;
  placeholder?: string;
  uploadPath?: TImageUploadPath;
  id?: string;
  styling?: boolean;
};

export default function RichTextEditor({
  value,
  onChange,
  label,
  placeholder = '',
  uploadPath = '/api/uploads/image',
  id,
  styling = true,
}: TRichTextEditorProps) {
  const lastHtml = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [linkOpen, setLinkOpen] = useState(false);

  const editor = useEditor({
    extensions: editorExtensions(placeholder, styling),
    content: value,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'prose-content min-h-[150px] px-3 py-2 text-sm focus:outline-none',
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      lastHtml.current = html;
      onChangeRef.current(html);
    },
  });

  // A value from outside (the edit form's loaded ad) replaces the content; our own echoes do not.
  useEffect(() => {
    if (!editor || value === lastHtml.current) return;
    lastHtml.current = value;
    editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  const state = useToolbarState(editor);
  const { uploading, uploadImage } = useImageUpload(editor, uploadPath);

  if (!editor || !state) {
    return <div className="min-h-[200px] rounded-lg border border-slate-300 bg-white" aria-busy="true" />;
  }

  return (
    <div className="overflow-hidden rounded-lg border border-slate-300 bg-white focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30">
      <Toolbar
        editor={editor}
        state={state}
        label={label}
        linkOpen={linkOpen}
        onToggleLink={() => setLinkOpen((open) => !open)}
        uploading={uploading}
        onPickImage={(file) => void uploadImage(file)}
        styling={styling}
      />
      {linkOpen && <LinkPopover editor={editor} onLink={state.link} onClose={() => setLinkOpen(false)} />}
      <div
        className={[
          // A box about 200px high that scrolls (and can be pulled taller); 150px minimum text area.
          'h-[200px] resize-y overflow-y-auto',
          '[&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-primary',
          '[&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-slate-400 [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]',
        ].join(' ')}
      >
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
