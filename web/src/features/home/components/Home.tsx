import type { ReactNode } from 'react';
import { Hero } from './Hero';
import { PartnerRow } from './PartnerRow';
import { HowItWorks } from './HowItWorks';
import { FeatureBlocks } from './FeatureBlocks';
import { WhyChooseUs } from './WhyChooseUs';
import { DemoTour } from './DemoTour';
import { Platforms } from './Platforms';
import { Faq } from './Faq';
import './home.css';

/** The landing page's sections, top to bottom in the original product's order; `picker` goes into the hero. */
export function Home({ picker }: { picker: ReactNode }) {
  return (
    <div className="home">
      <Hero picker={picker} />
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
