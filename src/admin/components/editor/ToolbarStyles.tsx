import type { Editor } from '@tiptap/react';
import { Baseline, Highlighter } from 'lucide-react';
import type { ReactNode } from 'react';
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

/** One of the text style selects; an empty value means the default (the mark removed). */
function StyleSelect(props: {
  label: string;
  options: { label: string; value: string }[];
  value: string;
  onPick: (value: string) => void;
}) {
  return (
    <select
      aria-label={props.label}
      title={props.label}
      className={toolSelectClass}
      value={props.value}
      onChange={(e) => props.onPick(e.target.value)}
    >
      {props.options.map((o) => (
        <option key={o.label} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

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
          <StyleSelect
            label="Text size"
            options={SIZES}
            value={s.fontSize}
            onPick={(v) => (v ? chain().setFontSize(v).run() : chain().unsetFontSize().run())}
          />
          <StyleSelect
            label="Font"
            options={FONTS}
            value={s.fontFamily}
            onPick={(v) => (v ? chain().setFontFamily(v).run() : chain().unsetFontFamily().run())}
          />
        </>
      )}
    </>
  );
}

/** A colour input laid over an icon; a colour the input cannot show falls back to `fallback`. */
function ColourPicker(props: {
  label: string;
  icon: ReactNode;
  value: string;
  fallback: string;
  onPick: (colour: string) => void;
}) {
  return (
    <label className={`${toolButtonClass} relative cursor-pointer`} title={props.label}>
      {props.icon}
      <input
        type="color"
        aria-label={props.label}
        className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
        value={/^#[0-9a-f]{6}$/i.test(props.value) ? props.value : props.fallback}
        onChange={(e) => props.onPick(e.target.value)}
      />
    </label>
  );
}

/** The text and background colour pickers. */
export function ColourPickers({ editor, state: s }: TProps) {
  const chain = () => editor.chain().focus();
  return (
    <>
      <ColourPicker
        label="Text colour"
        icon={<Baseline className="h-4 w-4" aria-hidden="true" style={{ color: s.color }} />}
        value={s.color}
        fallback="#000000"
        onPick={(c) => chain().setColor(c).run()}
      />
      <ColourPicker
        label="Background colour"
        icon={<Highlighter className="h-4 w-4" aria-hidden="true" />}
        value={s.background}
        fallback="#ffff00"
        onPick={(c) => chain().setBackgroundColor(c).run()}
      />
    </>
  );
}
