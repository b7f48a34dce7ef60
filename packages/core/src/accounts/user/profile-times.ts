import { updateItem, type Condition } from '../../shared/db';
import { userProfileItem } from '../../shared/db/items/accounts';

/** The profile's epoch-seconds marks that only ever move forward. */
export type ProfileTime = 'tokensValidAfter' | 'socketsLiveUntil';

/** `{ [mark]: value }`, typed as the one field it names. */
const onMark = <V>(mark: ProfileTime, value: V): { tokensValidAfter: V } | { socketsLiveUntil: V } =>
  mark === 'tokensValidAfter' ? { tokensValidAfter: value } : { socketsLiveUntil: value };

/**
 * Moves a profile's time mark forward to `seconds`: never back (two writers racing keep the later
 * one) and never onto a profile that is not there (then nothing happens).
 */
export async function moveProfileTimeForward(sub: string, mark: ProfileTime, seconds: number): Promise<void> {
  await updateItem(
    userProfileItem,
    { sub },
    {
      set: onMark(mark, seconds),
      when: { anyOf: [onMark<Condition<number>>(mark, { absent: true }), onMark<Condition<number>>(mark, { lessThan: seconds })] },
    },
  );
}
