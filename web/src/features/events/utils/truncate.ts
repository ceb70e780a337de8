/** Cuts text at `max` characters and marks the cut with an ellipsis (spec §9). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}
