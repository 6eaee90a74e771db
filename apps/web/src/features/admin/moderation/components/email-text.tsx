/**
 * An email address that wraps only after its parts (before the @, after each dot), never in the
 * middle of a name, and breaks a part only when it cannot fit a line by itself.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 && <wbr />}
          {part}
        </span>
      ))}
    </span>
  );
}
