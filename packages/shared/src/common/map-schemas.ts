import { z } from 'zod';

/** GET /common/map-settings: where the profile map's tiles come from and whose attribution they need. */
export const mapSettingsSchema = z.object({
  /** A Leaflet tile URL template with {z}, {x} and {y}. */
  tileUrl: z.string(),
  attribution: z.string(),
  /**
   * Whether the tiles come from our own origin: then no third party learns of the visit and the map loads without
   * asking; otherwise the visitor is asked first.
   */
  sameOrigin: z.boolean(),
});
export type MapSettings = z.infer<typeof mapSettingsSchema>;
