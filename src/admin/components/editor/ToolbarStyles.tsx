import type { Editor } from '@tiptap/react';
import { Baseline, Highlighter } from 'lucide-react';
import { toolButtonClass, toolSelectClass } from './ToolButton.tsx';
import type { TToolbarState } from './toolbar-state.ts';

/** Quill's sizes (small, normal, large, huge) as em font sizes. */
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

type TProps = { editor: Editor; state: TToolbarState };

/** Paragraph style, and (with `styling`) the text size and font: the toolbar's selects. */
export function TextStyleSelects({ editor, state: s, styling }: TProps & { styling: boolean }) {
  const chain = () => editor.chain().focus();
  return (
    <>
      <select
        aria-label="Paragraph style"
        title="Paragraph style"
        className={toolSelectClass}
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
      {styling && (
        <>
          <select
            aria-label="Text size"
            title="Text size"
            className={toolSelectClass}
            value={s.fontSize}
            onChange={(e) =>
              e.target.value ? chain().setFontSize(e.target.value).run() : chain().unsetFontSize().run()
            }
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
            className={toolSelectClass}
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
        </>
      )}
    </>
  );
}

/** The text and background colour pickers: a colour input laid over each icon. */
export function ColourPickers({ editor, state: s }: TProps) {
  const chain = () => editor.chain().focus();
  return (
    <>
      <label className={`${toolButtonClass} relative cursor-pointer`} title="Text colour">
        <Baseline className="h-4 w-4" aria-hidden="true" style={{ color: s.color }} />
        <input
          type="color"
          aria-label="Text colour"
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
          value={/^#[0-9a-f]{6}$/i.test(s.color) ? s.color : '#000000'}
          onChange={(e) => chain().setColor(e.target.value).run()}
        />
      </label>
      <label className={`${toolButtonClass} relative cursor-pointer`} title="Background colour">
        <Highlighter className="h-4 w-4" aria-hidden="true" />
        <input
          type="color"
          aria-label="Background colour"
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
          value={/^#[0-9a-f]{6}$/i.test(s.background) ? s.background : '#ffff00'}
          onChange={(e) => chain().setBackgroundColor(e.target.value).run()}
        />
      </label>
    </>
  );
}
