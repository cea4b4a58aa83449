import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';

/** One card of account settings: a section named by its heading, an optional intro line, then its content. */
export const SettingsCard = ({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) => (
  <Card component="section" aria-labelledby={`${id}-title`} sx={{ mt: 2 }}>
    <CardContent>
      <Typography id={`${id}-title`} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {intro && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      {children}
    </CardContent>
  </Card>
);
