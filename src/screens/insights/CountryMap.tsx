import { useQuery } from '@tanstack/react-query';
import { Box, Stack, Typography } from '@mui/material';
import { GeoJSON, MapContainer } from 'react-leaflet';
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Layer, PathOptions } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { ALPHA2_OF_NUMERIC } from './countryCodes';
import { countryName, formatNumber } from './format';
import { binOf, logBins, shadeOf, type Bin } from './colorScale';
import { cacheBusted } from '../../http';

/**
 * Visitors by Country: a choropleth of world-atlas shapes served by our server (no tiles, nothing
 * from the internet), a tooltip per country and a legend of the log-scale bins (colorScale.ts).
 * Loaded lazily with leaflet.
 */
const SHADES = ['#e3f2fd', '#90caf9', '#42a5f5', '#1e88e5', '#0d47a1'];
function loadShapes() {
  return fetch(cacheBusted('/assets/maps/countries-110m.json'))
    .then((response) => response.json() as Promise<Topology<{ countries: GeometryCollection<{ name: string }> }>>)
    .then((topology) => unwrapped(feature(topology, topology.objects.countries) as FeatureCollection<Geometry, { name: string }>));
}

/** The world's shapes, fetched once per load of the console (cache-busted as every GET, spec section 7). */
const useWorld = () => useQuery({ queryKey: ['country-shapes'], queryFn: loadShapes, staleTime: Infinity, gcTime: Infinity }).data;

/** Countries drawn across the 180th meridian (Russia, Fiji); Antarctica has no visitors. */
const ACROSS_DATELINE = new Set(['643', '242']);
const ANTARCTICA = '010';

/** Russia and Fiji east of 180 instead of wrapped to -180 (no line across the whole map). */
function unwrapped(collection: FeatureCollection<Geometry, { name: string }>): FeatureCollection<Geometry, { name: string }> {
  const shift = (ring: number[][]) => ring.map(([lon, lat]) => [lon < 0 ? lon + 360 : lon, lat]);
  const features = collection.features
    .filter((shape) => String(shape.id) !== ANTARCTICA)
    .map((shape) => {
      if (!ACROSS_DATELINE.has(String(shape.id))) return shape;
      const geometry = shape.geometry;
      if (geometry.type === 'Polygon') return { ...shape, geometry: { ...geometry, coordinates: geometry.coordinates.map(shift) } };
      if (geometry.type === 'MultiPolygon')
        return { ...shape, geometry: { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(shift)) } };
      return shape;
    });
  return { ...collection, features };
}

const WORLD: [[number, number], [number, number]] = [
  [-56, -168],
  [83, 190],
];

/** A bin's counts for the legend: "8–43", or "3" when it holds one count. */
function binLabel(bin: Bin): string {
  return bin.low === bin.high ? formatNumber(bin.low) : `${formatNumber(bin.low)}–${formatNumber(bin.high)}`;
}

const CountryMap = ({ counts, label }: { counts: Array<{ country: string; count: number }>; label: string }) => {
  const world = useWorld();
  const byCode = new Map(counts.map((row) => [row.country, row.count]));
  const bins = logBins(Math.max(0, ...counts.map((row) => row.count)));
  const countOf = (shape: Feature<Geometry, { name: string }>) => byCode.get(ALPHA2_OF_NUMERIC[String(shape.id)] ?? '') ?? 0;
  const style = (shape?: Feature<Geometry, { name: string }>): PathOptions => {
    const bin = shape ? binOf(countOf(shape), bins) : -1;
    return { fillColor: bin < 0 ? '#f5f5f5' : shadeOf(bin, bins.length, SHADES), fillOpacity: 1, color: '#9e9e9e', weight: 0.5 };
  };
  const onEachFeature = (shape: Feature<Geometry, { name: string }>, layer: Layer) => {
    const code = ALPHA2_OF_NUMERIC[String(shape.id)];
    layer.bindTooltip(`${code ? countryName(code) : shape.properties.name}: ${formatNumber(countOf(shape))}`, { sticky: true });
  };
  return (
    <Box>
      <Box sx={{ height: { xs: 220, sm: 320 }, bgcolor: '#fff', '& .leaflet-container': { bgcolor: '#fff' } }} aria-hidden="true">
        <MapContainer
          bounds={WORLD}
          zoomSnap={0.1}
          minZoom={0.5}
          maxZoom={5}
          scrollWheelZoom={false}
          zoomControl={false}
          attributionControl={false}
          style={{ height: '100%', width: '100%' }}
          keyboard={false}
        >
          {/* The key makes the layer restyle when the numbers change. */}
          {world && <GeoJSON key={counts.map((row) => `${row.country}${row.count}`).join()} data={world} style={style} onEachFeature={onEachFeature} />}
        </MapContainer>
      </Box>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 1, flexWrap: 'wrap' }} data-testid="map-legend">
        <Typography variant="caption">{label}</Typography>
        {bins.map((bin, index) => (
          <Stack key={bin.low} direction="row" spacing={0.5} alignItems="center" data-testid="map-legend-bin">
            <Box sx={{ width: 14, height: 14, bgcolor: shadeOf(index, bins.length, SHADES), border: '1px solid #9e9e9e' }} />
            <Typography variant="caption">{binLabel(bin)}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
};

export default CountryMap;
