import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup } from '@mui/material';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { useTranslate } from 'react-admin';
import { FAN_DATA_COLUMNS, type FanDataColumn } from './fanDataColumns';

/** The Columns button and its dialog: a checkbox per column; the choice applies at once. */
export const ColumnChooserButton = ({ hidden, onChange }: { hidden: FanDataColumn[]; onChange: (hidden: FanDataColumn[]) => void }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const toggle = (column: FanDataColumn, shown: boolean) => onChange(shown ? hidden.filter((c) => c !== column) : [...hidden, column]);
  return (
    <>
      <Button startIcon={<ViewColumnIcon />} onClick={() => setOpen(true)}>
        {translate('resources.data.columns.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="fan-data-columns-title">
        <DialogTitle id="fan-data-columns-title">{translate('resources.data.columns.title')}</DialogTitle>
        <DialogContent>
          <FormGroup sx={{ columnCount: { xs: 1, sm: 2 }, display: 'block' }}>
            {FAN_DATA_COLUMNS.map((column) => (
              <FormControlLabel
                key={column}
                sx={{ display: 'flex' }}
                control={<Checkbox checked={!hidden.includes(column)} onChange={(event) => toggle(column, event.target.checked)} />}
                label={translate(`resources.data.fields.${column}`)}
              />
            ))}
          </FormGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onChange([])}>{translate('resources.data.columns.showAll')}</Button>
          <Button variant="contained" onClick={() => setOpen(false)}>
            {translate('resources.data.columns.done')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
