import 'leaflet/dist/leaflet.css';
import { MAP_ZOOM } from '@praxia/shared/constants';
import L from 'leaflet';

// A drawn pin in the spec's red: no marker image from Leaflet's or anyone's server.
const PIN = `<svg xmlns="http://www.w3.org/2000/svg" width="30" height="42" viewBox="0 0 30 42" aria-hidden="true" focusable="false">
<path d="M15 1C7.3 1 1 7.2 1 14.9 1 25.3 15 41 15 41s14-15.7 14-26.1C29 7.2 22.7 1 15 1z" fill="#c92a2a" stroke="#7a1010" stroke-width="1.5"/>
<circle cx="15" cy="15" r="5.5" fill="#ffffff"/></svg>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export type PracticeMapOptions = {
  center: { latitude: number; longitude: number };
  /** Whether the centre is the practice (a marker) or only the spec's fallback position (none). */
  hasMarker: boolean;
  tileUrl: string;
  attribution: string;
};

/** Draws the map into the element; the returned function removes it again. This module is its own lazy chunk. */
export function createPracticeMap(element: HTMLElement, options: PracticeMapOptions): () => void {
  const center = L.latLng(options.center.latitude, options.center.longitude);
  // The page scrolls past the map: the wheel zooms only after a click into it (Leaflet's default would trap it).
  const map = L.map(element, { scrollWheelZoom: false }).setView(center, MAP_ZOOM);
  map.once('focus', () => map.scrollWheelZoom.enable());
  map.attributionControl.setPrefix(false);
  L.tileLayer(options.tileUrl, { attribution: escapeHtml(options.attribution), maxZoom: 19 }).addTo(map);
  if (options.hasMarker) {
    L.marker(center, {
      icon: L.divIcon({ className: 'practice-marker', html: PIN, iconSize: [30, 42], iconAnchor: [15, 41] }),
      keyboard: false,
      interactive: false,
    }).addTo(map);
  }
  return () => map.remove();
}
