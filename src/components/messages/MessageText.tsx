import { linkify } from './linkify.ts';

/** A message as text, its web addresses as links that pass no ranking and no opener. */
export default function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} rel="nofollow ugc noopener" target="_blank" className="underline break-all">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
