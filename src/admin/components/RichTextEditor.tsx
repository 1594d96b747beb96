/**
 * RichTextEditor — the one rich-text editor of the admin area (ad descriptions, page
 * content, FAQ answers, testimonials, settings HTML). Tiptap v3 with the toolbar of
 * SPEC.md §2/§9: bold, italic, underline, strike, quote, code, headers 1–6, ordered and
 * bullet lists, sub/superscript, indent/outdent, text direction, size (small, normal,
 * large, huge), colour, background, font, align, clear formatting, link and image.
 *
 * Props: `value` / `onChange` carry HTML ('' when empty); `label` names the editing area for
 * screen readers (and tests: getByRole('textbox', { name: label })); `placeholder` shows
 * while empty; `uploadPath` is where the image button uploads (multipart `image`, answer
 * `{ success, url }`; images must live under /uploads or the server's sanitiser drops them).
 *
 * The HTML it produces is what api/lib/sanitize.ts keeps: alignment, margin-left indents,
 * dir, colour/background/font-size/font-family spans, links and /uploads images.
 *
 * Usage: <RichTextEditor label="Description" value={html} onChange={setHtml}
 *          placeholder="Write your advertisement description here..." />
 */
import { type CommandProps, Extension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import TextAlign from '@tiptap/extension-text-align';
import { BackgroundColor, Color, FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Baseline,
  Bold,
  Code,
  Highlighter,
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
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      /** Indents the selected blocks (or nests the list item). */
      indent: () => ReturnType;
      /** Outdents the selected blocks (or lifts the list item). */
      outdent: () => ReturnType;
    };
  }
}

const INDENT_STEP_EM = 2;
const MAX_INDENT = 8;
const INDENTABLE = ['paragraph', 'heading', 'blockquote'];

/** Block indentation as `margin-left: Nem` (what the sanitiser allows). */
const Indent = Extension.create({
  name: 'indent',
  addGlobalAttributes() {
    return [
      {
        types: INDENTABLE,
        attributes: {
          indent: {
            default: 0,
            parseHTML: (el) => {
              const m = /^(\d+(?:\.\d+)?)em$/.exec(el.style.marginLeft);
              return m ? Math.min(MAX_INDENT, Math.round(Number(m[1]) / INDENT_STEP_EM)) : 0;
            },
            renderHTML: (attrs) => (attrs.indent ? { style: `margin-left: ${attrs.indent * INDENT_STEP_EM}em` } : {}),
          },
        },
      },
    ];
  },
  addCommands() {
    const shift =
      (delta: number) =>
      () =>
      ({ editor, commands, tr, state, dispatch }: CommandProps) => {
        if (editor.isActive('listItem')) {
          return delta > 0 ? commands.sinkListItem('listItem') : commands.liftListItem('listItem');
        }
        const { from, to } = state.selection;
        let changed = false;
        state.doc.nodesBetween(from, to, (node, pos) => {
          if (!INDENTABLE.includes(node.type.name)) return true;
          const next = Math.max(0, Math.min(MAX_INDENT, (node.attrs.indent ?? 0) + delta));
          if (next !== node.attrs.indent) {
            // Without dispatch this is a dry run (editor.can()): report, change nothing.
            if (dispatch) tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: next });
            changed = true;
          }
          return false;
        });
        return changed;
      };
    return { indent: shift(1), outdent: shift(-1) };
  },
});

/** A `dir` attribute on blocks, set by core's setTextDirection / unsetTextDirection. */
const Direction = Extension.create({
  name: 'direction',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading', 'blockquote', 'listItem', 'bulletList', 'orderedList'],
        attributes: {
          dir: {
            default: null,
            parseHTML: (el) => {
              const d = el.getAttribute('dir');
              return d === 'rtl' || d === 'ltr' ? d : null;
            },
            renderHTML: (attrs) => (attrs.dir ? { dir: attrs.dir } : {}),
          },
        },
      },
    ];
  },
});

/** Quill's sizes (SPEC.md §9: small, normal, large, huge) as em font sizes. */
const SIZES = [
  { label: 'Small', value: '0.75em' },
  { label: 'Normal', value: '' },
  { label: 'Large', value: '1.5em' },
  { label: 'Huge', value: '2.5em' },
];
const FONTS = [
  { label: 'Sans Serif', value: '' },
  { label: 'Serif', value: 'Georgia, serif' },
  { label: 'Monospace', value: 'ui-monospace, monospace' },
];

/** Links the sanitiser keeps: http(s), mailto, tel, or a path on this site. */
function normaliseHref(raw: string): string | null {
  const v = raw.trim();
  if (!v) return null;
  if (/^(https?:|mailto:|tel:)/i.test(v)) return v;
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) return null;
  return `https://${v}`;
}

const btn =
  'inline-grid h-8 min-w-8 place-items-center rounded-md px-1.5 text-slate-700 hover:bg-slate-200 disabled:opacity-40 aria-pressed:bg-primary/15 aria-pressed:text-primary-ink';
const selectCls =
  'h-8 rounded-md border border-slate-300 bg-white px-1.5 text-xs text-slate-700 focus:border-primary focus:outline-none';

function ToolButton({
  label,
  onClick,
  active,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={btn}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // Keep the editor's selection: the click must not move focus before the command runs.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

const Sep = () => <span className="mx-0.5 h-5 w-px bg-slate-300" aria-hidden="true" />;

export type TRichTextEditorProps = {
  value: string;
  onChange: (html: string) => void;
  /** Accessible name of the editing area. */
  label: string;
  placeholder?: string;
  uploadPath?: string;
  id?: string;
};

export default function RichTextEditor({
  value,
  onChange,
  label,
  placeholder = '',
  uploadPath = '/api/uploads/image',
  id,
}: TRichTextEditorProps) {
  const lastHtml = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const fileRef = useRef<HTMLInputElement>(null);
  const linkInputId = useId();
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkValue, setLinkValue] = useState('');
  const [uploading, setUploading] = useState(false);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4, 5, 6] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto', 'tel'],
          HTMLAttributes: { rel: 'noopener nofollow', target: null },
        },
      }),
      TextStyle,
      Color,
      BackgroundColor,
      FontFamily,
      FontSize,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Subscript,
      Superscript,
      Image.configure({ inline: false, allowBase64: false }),
      Placeholder.configure({ placeholder }),
      Indent,
      Direction,
    ],
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

  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      if (!e) return null;
      const heading = [1, 2, 3, 4, 5, 6].find((l) => e.isActive('heading', { level: l })) ?? 0;
      const ts = e.getAttributes('textStyle');
      const block = e.state.selection.$from.parent;
      const align = ['left', 'center', 'right', 'justify'].find((a) => e.isActive({ textAlign: a })) ?? 'left';
      return {
        bold: e.isActive('bold'),
        italic: e.isActive('italic'),
        underline: e.isActive('underline'),
        strike: e.isActive('strike'),
        blockquote: e.isActive('blockquote'),
        code: e.isActive('code'),
        bulletList: e.isActive('bulletList'),
        orderedList: e.isActive('orderedList'),
        subscript: e.isActive('subscript'),
        superscript: e.isActive('superscript'),
        link: e.isActive('link'),
        heading,
        align,
        rtl: block.attrs.dir === 'rtl',
        fontSize: (ts.fontSize as string | undefined) ?? '',
        fontFamily: (ts.fontFamily as string | undefined) ?? '',
        color: (ts.color as string | undefined) ?? '#000000',
        background: (ts.backgroundColor as string | undefined) ?? '#ffff00',
      };
    },
  });

  if (!editor || !s) {
    return <div className="min-h-[200px] rounded-lg border border-slate-300 bg-white" aria-busy="true" />;
  }
  const chain = () => editor.chain().focus();

  function openLink() {
    setLinkValue((editor?.getAttributes('link').href as string | undefined) ?? '');
    setLinkOpen(true);
  }
  function applyLink() {
    if (!editor) return;
    const href = normaliseHref(linkValue);
    if (!href) {
      if (linkValue.trim()) {
        notify.error('Links must start with http://, https://, mailto:, tel: or /.');
        return;
      }
      chain().extendMarkRange('link').unsetLink().run();
    } else if (editor.state.selection.empty && !editor.isActive('link')) {
      chain()
        .insertContent({ type: 'text', text: linkValue.trim(), marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      chain().extendMarkRange('link').setLink({ href }).run();
    }
    setLinkOpen(false);
  }

  async function uploadImage(file: File) {
    if (!editor) return;
    if (!file.type.startsWith('image/')) {
      notify.error('Please choose an image.', 'Error');
      return;
    }
    setUploading(true);
    const body = new FormData();
    body.append('image', file);
    const res = await apiFetch<{ url: string }>(uploadPath, { method: 'POST', body });
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

  return (
    <div className="overflow-hidden rounded-lg border border-slate-300 bg-white focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30">
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
        <select
          aria-label="Paragraph style"
          title="Paragraph style"
          className={selectCls}
          value={s.heading}
          onChange={(e) => {
            const level = Number(e.target.value) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
            if (level === 0) chain().setParagraph().run();
            else chain().setHeading({ level }).run();
          }}
        >
          <option value={0}>Normal text</option>
          {[1, 2, 3, 4, 5, 6].map((l) => (
            <option key={l} value={l}>
              Heading {l}
            </option>
          ))}
        </select>
        <select
          aria-label="Text size"
          title="Text size"
          className={selectCls}
          value={s.fontSize}
          onChange={(e) => (e.target.value ? chain().setFontSize(e.target.value).run() : chain().unsetFontSize().run())}
        >
          {SIZES.map((o) => (
            <option key={o.label} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <select
          aria-label="Font"
          title="Font"
          className={selectCls}
          value={s.fontFamily}
          onChange={(e) =>
            e.target.value ? chain().setFontFamily(e.target.value).run() : chain().unsetFontFamily().run()
          }
        >
          {FONTS.map((o) => (
            <option key={o.label} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
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
        <label className={`${btn} relative cursor-pointer`} title="Text colour">
          <Baseline className="h-4 w-4" aria-hidden="true" style={{ color: s.color }} />
          <input
            type="color"
            aria-label="Text colour"
            className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
            value={/^#[0-9a-f]{6}$/i.test(s.color) ? s.color : '#000000'}
            onChange={(e) => chain().setColor(e.target.value).run()}
          />
        </label>
        <label className={`${btn} relative cursor-pointer`} title="Background colour">
          <Highlighter className="h-4 w-4" aria-hidden="true" />
          <input
            type="color"
            aria-label="Background colour"
            className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
            value={/^#[0-9a-f]{6}$/i.test(s.background) ? s.background : '#ffff00'}
            onChange={(e) => chain().setBackgroundColor(e.target.value).run()}
          />
        </label>
        <Sep />
        {(
          [
            ['left', 'Align left', AlignLeft],
            ['center', 'Align center', AlignCenter],
            ['right', 'Align right', AlignRight],
            ['justify', 'Justify', AlignJustify],
          ] as const
        ).map(([a, l, Icon]) => (
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
        <ToolButton
          label="Link"
          active={s.link || linkOpen}
          onClick={() => (linkOpen ? setLinkOpen(false) : openLink())}
        >
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
            if (f) void uploadImage(f);
          }}
        />
      </div>
      {linkOpen && (
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-2 py-2">
          <label htmlFor={linkInputId} className="text-xs font-medium text-slate-600">
            Link address
          </label>
          <input
            id={linkInputId}
            type="url"
            inputMode="url"
            value={linkValue}
            placeholder="https://example.com"
            onChange={(e) => setLinkValue(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                setLinkOpen(false);
                editor.commands.focus();
              }
            }}
            // biome-ignore lint/a11y/noAutofocus: the user just asked for this field
            autoFocus
            className="h-8 min-w-0 flex-1 rounded-md border border-slate-300 px-2 text-sm focus:border-primary focus:outline-none"
          />
          <button
            type="button"
            onClick={applyLink}
            className="h-8 rounded-md bg-primary px-3 text-xs font-semibold text-primary-fg"
          >
            Apply
          </button>
          {s.link && (
            <button
              type="button"
              onClick={() => {
                chain().extendMarkRange('link').unsetLink().run();
                setLinkOpen(false);
              }}
              className="h-8 rounded-md px-2 text-xs font-medium text-red-700 hover:bg-red-50"
            >
              Remove link
            </button>
          )}
          <button
            type="button"
            onClick={() => setLinkOpen(false)}
            className="h-8 rounded-md px-2 text-xs font-medium text-slate-600 hover:bg-slate-100"
          >
            Cancel
          </button>
        </div>
      )}
      <div
        className={[
          // SPEC.md §9: a box about 200px high that scrolls (and can be pulled taller); 150px minimum text area.
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
