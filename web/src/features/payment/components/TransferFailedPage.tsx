import { ResultPage } from './ResultPage';

export default function TransferFailedPage() {
  return <ResultPage kind="transferFailed" />;
}
