import { Home } from '@/features/home/components/Home';
import { NumberPicker } from '@/features/picker/components/NumberPicker';

/** The landing page: the home feature's sections with the picker's number picker in the hero. */
export default function HomePage() {
  return <Home picker={<NumberPicker />} />;
}
