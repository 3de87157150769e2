import type { Marker, MarkerInput } from '../../../contract/portfolio/rules';

/**
 * `set_symbol_marker` replaces a symbol's whole list, so adding or removing one marker sends the
 * others back as they are (by id, nulls left out) — these helpers build that list.
 */
export function toMarkerInput(marker: Marker): MarkerInput {
  return {
    id: marker.id,
    kind: marker.kind,
    ...(marker.price !== null ? { price: marker.price } : {}),
    ...(marker.time !== null ? { time: marker.time } : {}),
    ...(marker.text !== null ? { text: marker.text } : {}),
    ...(marker.color !== null ? { color: marker.color } : {}),
  };
}

/** The symbol's list with `added` appended. */
export function withMarker(all: readonly Marker[], symbol: string, added: MarkerInput): MarkerInput[] {
  return [...all.filter((m) => m.symbol === symbol).map(toMarkerInput), added];
}

/** The symbol's list without the marker `id`. */
export function withoutMarker(all: readonly Marker[], symbol: string, id: number): MarkerInput[] {
  return all.filter((m) => m.symbol === symbol && m.id !== id).map(toMarkerInput);
}
