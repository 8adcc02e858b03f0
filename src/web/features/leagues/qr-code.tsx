import { encode } from 'uqr';

/**
 * A QR code of `text`, drawn in the browser (uqr: no network, no dependencies; decision 081) as
 * one SVG path, dark on white in both themes so any phone camera reads it. Loaded lazily with the
 * invite and the device link.
 */
export function QrCode({ text, label, size = 176 }: { text: string; label: string; size?: number }) {
  const { data } = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${data.length} ${data.length}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded-lg"
      data-testid="qr-code"
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
