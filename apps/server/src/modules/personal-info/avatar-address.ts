import { PersonalInfoCalls } from '@openfind/contract';

/**
 * The address of an uploaded avatar: the institution and the avatar's random key. An `<img>` sends
 * no API headers, so the institution travels in the address; the key is new with every upload.
 */
export function avatarAddress(mappingPath: string, key: string): string {
  const q = new URLSearchParams({ mappingPath, key });
  return `${PersonalInfoCalls.avatarImage.path}?${q.toString()}`;
}
