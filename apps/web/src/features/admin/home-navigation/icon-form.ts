import {
  FIXED_ICON_NAME_MAX,
  isIconAddress,
  type FixedIcon,
  type FixedIconGlyph,
  type FixedIconKind,
  type FixedIconInput,
} from '@openfind/contract';

/** An icon being edited: the stored fields and a key of its own for React (kept through moves). */
export type IconDraft = FixedIcon & { key: number };

/** A field's problem, named by its message key in `adminHomeNav:editor.errors`. */
export type IconFieldError = 'nameRequired' | 'nameTooLong' | 'addressRequired' | 'addressInvalid' | 'duplicateTop';
/** Problems of the list by icon key and field. */
export type IconErrors = Record<
  number,
  Partial<Record<'name' | 'nameTw' | 'nameEn' | 'address' | 'kind', IconFieldError>>
>;

let nextKey = 1;
/** The drafts of a stored list, in its order. */
export const toDrafts = (list: readonly FixedIcon[]): IconDraft[] => list.map((i) => ({ ...i, key: nextKey++ }));

/** The glyph a new icon of a kind starts with. */
const GLYPH_OF: Record<FixedIconKind, FixedIconGlyph> = { top: 'top', link: 'feedback', qr: 'wechat' };

/** A new, enabled icon of a kind (a link unless asked otherwise). */
export function newDraft(kind: FixedIconKind = 'link'): IconDraft {
  return {
    key: nextKey++,
    kind,
    glyph: GLYPH_OF[kind],
    name: '',
    nameTw: '',
    nameEn: '',
    address: '',
    newTab: false,
    enabled: true,
  };
}

/** Moves the icon at `index` by `by` (−1 up, +1 down); the list unchanged at an end. */
export function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(index, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** The list's problems by the server's rules (the same checks the save makes), so they show at their fields first. */
export function checkIcons(list: readonly IconDraft[]): IconErrors {
  const errors: IconErrors = {};
  const put = (key: number, field: keyof IconErrors[number], error: IconFieldError) => {
    errors[key] = { ...errors[key], [field]: error };
  };
  let tops = 0;
  for (const icon of list) {
    if (!icon.name.trim()) put(icon.key, 'name', 'nameRequired');
    for (const field of ['name', 'nameTw', 'nameEn'] as const)
      if (icon[field].trim().length > FIXED_ICON_NAME_MAX) put(icon.key, field, 'nameTooLong');
    if (icon.kind === 'top') {
      tops += 1;
      if (tops > 1) put(icon.key, 'kind', 'duplicateTop');
      continue;
    }
    const address = icon.address.trim();
    if (!address) put(icon.key, 'address', 'addressRequired');
    else if (!isIconAddress(address)) put(icon.key, 'address', 'addressInvalid');
  }
  return errors;
}

/** What the save sends for the drafts: a top icon has no address, only a link opens a new tab. */
export function toSave(list: readonly IconDraft[]): FixedIconInput[] {
  return list.map((i) => ({
    kind: i.kind,
    glyph: i.glyph,
    name: i.name.trim(),
    nameTw: i.nameTw.trim(),
    nameEn: i.nameEn.trim(),
    address: i.kind === 'top' ? '' : i.address.trim(),
    newTab: i.kind === 'link' && i.newTab,
    enabled: i.enabled,
  }));
}
