import type { Editor } from '@tiptap/react';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Code,
  ImagePlus,
  IndentDecrease,
  IndentIncrease,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  PilcrowLeft,
  PilcrowRight,
  Quote,
  RemoveFormatting,
  Strikethrough,
  Subscript as SubIcon,
  Superscript as SupIcon,
  Underline,
} from 'lucide-react';
import { useRef } from 'react';
import { ToolSeparator as Sep, ToolButton } from './ToolButton.tsx';
import { ColourPickers, TextStyleSelects } from './ToolbarStyles.tsx';
import type { TToolbarState } from './toolbar-state.ts';

const ALIGNMENTS = [
  ['left', 'Align left', AlignLeft],
  ['center', 'Align center', AlignCenter],
  ['right', 'Align right', AlignRight],
  ['justify', 'Justify', AlignJustify],
] as const;

/** The formatting toolbar: each control runs one editor command on the current selection. */
export default function Toolbar({
  editor,
  state: s,
  label,
  linkOpen,
  onToggleLink,
  uploading,
  onPickImage,
  styling = true,
}: {
  editor: Editor;
  state: TToolbarState;
  /** The editing area's name; the toolbar is "<label> formatting". */
  label: string;
  linkOpen: boolean;
  onToggleLink: () => void;
  uploading: boolean;
  onPickImage: (file: File) => void;
  /** False: no text size, font or colour controls (the editor has no such marks). */
  styling?: boolean;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const chain = () => editor.chain().focus();

  return (
    <div
      role="toolbar"
      aria-label={`${label} formatting`}
      className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1.5 py-1"
    >
      <ToolButton label="Bold" active={s.bold} onClick={() => chain().toggleBold().run()}>
        <Bold className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Italic" active={s.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Underline" active={s.underline} onClick={() => chain().toggleUnderline().run()}>
        <Underline className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Strikethrough" active={s.strike} onClick={() => chain().toggleStrike().run()}>
        <Strikethrough className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <Sep />
      <ToolButton label="Quote" active={s.blockquote} onClick={() => chain().toggleBlockquote().run()}>
        <Quote className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Code" active={s.code} onClick={() => chain().toggleCode().run()}>
        <Code className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <Sep />
      <TextStyleSelects editor={editor} state={s} styling={styling} />
      <Sep />
      <ToolButton label="Numbered list" active={s.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Bulleted list" active={s.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <List className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Subscript" active={s.subscript} onClick={() => chain().toggleSubscript().run()}>
        <SubIcon className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Superscript" active={s.superscript} onClick={() => chain().toggleSuperscript().run()}>
        <SupIcon className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Decrease indent" onClick={() => chain().outdent().run()}>
        <IndentDecrease className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Increase indent" onClick={() => chain().indent().run()}>
        <IndentIncrease className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label="Right-to-left text"
        active={s.rtl}
        onClick={() => (s.rtl ? chain().unsetTextDirection().run() : chain().setTextDirection('rtl').run())}
      >
        {s.rtl ? (
          <PilcrowLeft className="h-4 w-4" aria-hidden="true" />
        ) : (
          <PilcrowRight className="h-4 w-4" aria-hidden="true" />
        )}
      </ToolButton>
      <Sep />
      {styling && (
        <>
          <ColourPickers editor={editor} state={s} />
          <Sep />
        </>
      )}
      {ALIGNMENTS.map(([a, l, Icon]) => (
        <ToolButton
          key={a}
          label={l}
          active={s.align === a}
          onClick={() => (a === 'left' ? chain().unsetTextAlign().run() : chain().setTextAlign(a).run())}
        >
          <Icon className="h-4 w-4" aria-hidden="true" />
        </ToolButton>
      ))}
      <Sep />
      <ToolButton
        label="Clear formatting"
        onClick={() =>
          chain()
            .unsetAllMarks()
            .clearNodes()
            .unsetTextAlign()
            .unsetTextDirection()
            .updateAttributes('paragraph', { indent: 0 })
            .run()
        }
      >
        <RemoveFormatting className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Link" active={s.link || linkOpen} onClick={onToggleLink}>
        <LinkIcon className="h-4 w-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Insert image" disabled={uploading} onClick={() => fileRef.current?.click()}>
        {uploading ? (
          <span
            className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-primary"
            aria-hidden="true"
          />
        ) : (
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
        )}
      </ToolButton>
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) onPickImage(f);
        }}
      />
    </div>
  );
}
