import { BlockControl } from '@/features/ops-block/components/BlockControl';
import UserPage from '@/features/ops-users/components/UserPage';

/** The customer view (ops-users) with the Block / Unblock control (ops-block) in its header. */
export default function CustomerPage() {
  return <UserPage blockControl={(user, changed) => <BlockControl sub={user.sub} blocked={user.blocked} onChange={changed} />} />;
}
