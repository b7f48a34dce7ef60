import { TransferSuccessResult } from '../../wallet/components/TransferResultPage';

export default function TransferSuccessPage() {
  return <TransferSuccessResult />;
}
