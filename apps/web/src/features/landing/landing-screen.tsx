// The landing page at /: hero, features, the five worlds and a closing call to action.
import { CtaSection } from "./cta-section";
import { FeaturesSection } from "./features-section";
import { HeroSection } from "./hero-section";
import { WorldsSection } from "./worlds-section";

export function LandingScreen() {
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <WorldsSection />
      <CtaSection />
    </>
  );
}
