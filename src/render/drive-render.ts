// Terminal renderings for drive results.
import { cellText } from '../core/output.ts';
import { grid } from './matrix-grid.ts';

/** Versions with their index, which is what `drive restore` takes (the API's list has none). */
export function versions(data: unknown): string | undefined {
  if (!Array.isArray(data)) return undefined;
  if (!data.length) return '';
  return grid(
    ['INDEX', 'SAVED_AT', 'SAVED_BY', 'SIZE', 'MIME_TYPE'],
    data.map((v: Record<string, unknown>, i) => [String(i), cellText(v?.savedAt), cellText(v?.savedBy), cellText(v?.size), cellText(v?.mimeType)]),
  );
}
