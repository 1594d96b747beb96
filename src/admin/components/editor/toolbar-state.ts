import { type Editor, useEditorState } from '@tiptap/react';

/** What the toolbar shows as pressed or selected for the current selection (null before the editor exists). */
export function useToolbarState(editor: Editor | null) {
  return useEditorState({
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
}

export type TToolbarState = NonNullable<ReturnType<typeof useToolbarState>>;
