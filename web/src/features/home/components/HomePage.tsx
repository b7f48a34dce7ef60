import { Hero } from './Hero';
import { PartnerRow } from './PartnerRow';
import { HowItWorks } from './HowItWorks';
import { FeatureBlocks } from './FeatureBlocks';
import { WhyChooseUs } from './WhyChooseUs';
import { DemoTour } from './DemoTour';
import { Platforms } from './Platforms';
import { Faq } from './Faq';
import './home.css';

/** The landing page, top to bottom in the original product's order. */
export default function HomePage() {
  return (
    <div className="home">
      <Hero />
      <PartnerRow />
      <HowItWorks />
      <FeatureBlocks />
      <WhyChooseUs />
      <DemoTour />
      <Platforms />
      <Faq />
    </div>
  );
}
