import { permissionPresets, type PresetKey } from './family-labels';

const descriptions: Record<PresetKey, string> = {
  view: 'Sees shared trips, their events and companions.',
  edit: 'Also changes shared trips and their events.',
  admin: 'Also manages the group and its members.',
};

/** The three permission presets as a radio group (arrow keys move between them). */
export function PermissionPresetPicker({
  value,
  onChange,
  name,
  error,
  legend = 'Permissions',
}: {
  value: PresetKey;
  onChange: (key: PresetKey) => void;
  name: string;
  error?: string;
  legend?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {permissionPresets.map((preset) => (
          <label
            key={preset.key}
            className="flex min-h-11 cursor-pointer flex-col rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
          >
            <span className="flex items-center gap-2 font-medium text-ink">
              <input
                type="radio"
                name={name}
                value={preset.key}
                checked={value === preset.key}
                onChange={() => onChange(preset.key)}
                className="size-4 accent-brand-600"
              />
              {preset.label}
            </span>
            <span className="mt-1 text-xs text-muted">{descriptions[preset.key]}</span>
          </label>
        ))}
      </div>
      {error ? <p className="mt-1 text-sm text-danger-600">{error}</p> : null}
    </fieldset>
  );
}
