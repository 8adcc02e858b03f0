/**
 * A Material Symbols icon drawn by the locally bundled ligature font (src/web/styles/icons.css):
 * the DOM text is the icon's name, the font draws the glyph. Names must be in scripts/subset-icons.sh.
 */
export function Icon({ name, className = '' }: { name: string; className?: string }) {
  return (
    <span className={`icon ${className}`} aria-hidden="true" data-icon={name}>
      {name}
    </span>
  );
}
