import { encode } from 'uqr';

/**
 * The QR code an authenticator app scans: the otpauth:// address of a new key, drawn as SVG
 * squares (no image is fetched, nothing leaves the page). The key is also shown as text for apps
 * that take it typed.
 */
export function AuthenticatorQr({ uri, secret }: { uri: string; secret: string }) {
  const { data, size } = encode(uri, { ecc: 'M', border: 2 });
  const squares: string[] = [];
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) squares.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
  return (
    <figure className="authenticator-qr">
      <svg
        role="img"
        aria-label="QR code of your authenticator key"
        viewBox={`0 0 ${size} ${size}`}
        width={Math.max(176, size * 5)}
        height={Math.max(176, size * 5)}
        shapeRendering="crispEdges"
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={squares.join('')} fill="#000" />
      </svg>
      <figcaption>
        Key: <code data-testid="authenticator-key">{secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </figcaption>
    </figure>
  );
}
