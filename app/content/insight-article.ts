/** Fixed content of an insight article page (spec section 2 "Insight article", 8 "Post Not Found"). */

/** The static author block on an article (spec: a static author block). */
export const AUTHOR_BLOCK = {
  name: "FX Trader Research Team",
  role: "Strategy & Research Desk",
  bio: "Our research desk designs, tests and monitors every FX Trader strategy. Articles explain how the strategies work; they are education, not investment advice.",
} as const;

/** Article page copy. */
export const ARTICLE_COPY = {
  back: "Back to Insights",
  share: "Share",
  noContent: "Only the summary of this article is published.",
  relatedHeading: "Related Insights",
  ctaTitle: "Put the research to work",
  ctaDescription: "Follow rules-based strategies with clear entries, stops and targets, delivered as signals.",
  ctaStrategies: "Explore Strategies",
  ctaPricing: "View Pricing",
  notFoundTitle: "Post Not Found",
  notFoundMessage: "The article you're looking for doesn't exist or has been removed.",
  notFoundLink: "Back to Insights",
} as const;
