import { ReaderText } from '../components/ReplyCard';
import { segmentsOf } from './marks';

/** A comment with its sensitive words highlighted (`<mark>`). */
export function CommentText({ content, marks }: { content: string; marks: readonly (readonly [number, number])[] }) {
  return (
    <ReaderText>
      {segmentsOf(content, marks).map((s, i) => (s.marked ? <mark key={i}>{s.text}</mark> : s.text))}
    </ReaderText>
  );
}
