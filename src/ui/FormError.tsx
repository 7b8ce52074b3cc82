import './ui.css';

/** The inline error line of a form; `code` keeps the server's own code for support and tests. */
export function FormError({ text, code }: { text: string | null; code?: string }) {
  if (!text) return null;
  return (
    <p className="form-error" role="alert" data-code={code}>
      {text}
    </p>
  );
}
