// The data saver's switch (client/data-saver.ts), on the storage screen.

import { browserSavesData, setDataSaver, useDataSaver } from '../client/data-saver.ts';
import { useStorageStrings } from './strings.ts';

export function DataSaverSetting() {
  const s = useStorageStrings();
  const on = useDataSaver();
  return (
    <section aria-labelledby="data-saver-h">
      <h2 id="data-saver-h">{s.dataSaver}</h2>
      <p class="kept-switch">
        <label>
          <input type="checkbox" id="data-saver" checked={on} onChange={(e) => setDataSaver((e.target as HTMLInputElement).checked)} /> {s.dataSaverLabel}
        </label>
      </p>
      <p class="muted" id="data-saver-note">
        {on ? s.dataSaverOn : s.dataSaverOff}
        {browserSavesData() ? ` ${s.browserSaves}` : ''}
      </p>
    </section>
  );
}
