import { withAlpha, type Theme } from '@glideapps/glide-data-grid';

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** A dense, neutral grid with the brand colour for focus and selection. */
export function gridTheme(accent: string): Partial<Theme> {
  return {
    accentColor: accent,
    accentLight: withAlpha(accent, 0.14),
    textDark: '#1f2328',
    textMedium: '#57606a',
    textLight: '#8c959f',
    textHeader: '#1f2328',
    textHeaderSelected: '#ffffff',
    bgCell: '#ffffff',
    bgCellMedium: '#f6f8fa',
    bgHeader: '#f3f4f6',
    bgHeaderHasFocus: '#e6e9ed',
    bgHeaderHovered: '#eaedf0',
    borderColor: 'rgba(31, 35, 40, 0.09)',
    horizontalBorderColor: 'rgba(31, 35, 40, 0.07)',
    headerBottomBorderColor: '#c4cbd3',
    fontFamily: FONT,
    baseFontStyle: '13px',
    headerFontStyle: '600 12px',
    editorFontSize: '13px',
    cellHorizontalPadding: 8,
    cellVerticalPadding: 3,
  };
}

/** Negative money in red, as on the spec's exports. */
export const NEGATIVE_TEXT = '#c62828';
