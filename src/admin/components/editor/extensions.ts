import { type CommandProps, Extension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import TextAlign from '@tiptap/extension-text-align';
import { BackgroundColor, Color, FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';

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

/**
 * Everything the toolbar can produce, and nothing the server's sanitiser would drop:
 * alignment, margin-left indents, dir, colour/background/font-size/font-family spans,
 * links and images. Without `styling` (ad descriptions, whose sanitiser drops colours, sizes
 * and fonts) the text-style marks are left out, so pasted colours and sizes go at once rather
 * than on save.
 */
export function editorExtensions(placeholder: string, styling = true) {
  const textStyle = styling ? [TextStyle, Color, BackgroundColor, FontFamily, FontSize] : [];
  return [
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
    ...textStyle,
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    Subscript,
    Superscript,
    Image.configure({ inline: false, allowBase64: false }),
    Placeholder.configure({ placeholder }),
    Indent,
    Direction,
  ];
}
