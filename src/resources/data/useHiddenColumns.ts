import { useCallback, useState } from 'react';
import { LOCAL_STORAGE_PREFIX } from '#shared/domain/constants';
import { FAN_DATA_COLUMNS, type FanDataColumn } from './fanDataColumns';

const HIDDEN_COLUMNS_KEY = `${LOCAL_STORAGE_PREFIX}fanData.hiddenColumns`;

function read(): FanDataColumn[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(HIDDEN_COLUMNS_KEY) ?? '[]');
    return Array.isArray(value) ? FAN_DATA_COLUMNS.filter((column) => value.includes(column)) : [];
  } catch {
    return [];
  }
}

/** The columns the user hid, kept in this browser's local storage (survives a reload). */
export function useHiddenColumns(): [FanDataColumn[], (hidden: FanDataColumn[]) => void] {
  const [hidden, setHidden] = useState(read);
  const save = useCallback((next: FanDataColumn[]) => {
    localStorage.setItem(HIDDEN_COLUMNS_KEY, JSON.stringify(next));
    setHidden(next);
  }, []);
  return [hidden, save];
}
