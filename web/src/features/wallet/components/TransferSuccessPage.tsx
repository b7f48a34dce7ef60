import { TransferSuccessResult } from './TransferResultPage';

export default function TransferSuccessPage() {
  return <TransferSuccessResult />;
}
