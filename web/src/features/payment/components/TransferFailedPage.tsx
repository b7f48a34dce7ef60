import { TransferFailedResult } from '../../wallet/components/TransferResultPage';

export default function TransferFailedPage() {
  return <TransferFailedResult />;
}
