import { TransferFailedResult } from './TransferResultPage';

export default function TransferFailedPage() {
  return <TransferFailedResult />;
}
