import { useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatNumber } from './format';

/** A day per bar (the series comes zero-filled from the server). Loaded lazily: recharts is in its own chunk, not in the console's first JavaScript. */
const DailyChart = ({ data, label }: { data: Array<{ date: string; count: number }>; label: string }) => {
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={formatDay} minTickGap={24} tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} tickFormatter={(value: number) => formatNumber(value)} width={48} tick={{ fontSize: 12 }} />
        <Tooltip labelFormatter={(value) => formatDay(String(value))} formatter={(value) => [formatNumber(Number(value)), label]} />
        <Bar dataKey="count" name={label} fill={theme.palette.primary.main} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
};

export default DailyChart;
