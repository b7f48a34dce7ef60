import { ResultPage } from './ResultPage';

export default function TransferSuccessPage() {
  return <ResultPage kind="transferSuccess" />;
}
