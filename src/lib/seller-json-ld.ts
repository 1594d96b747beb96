/**
 * The seller page's structured data. schema.org allows `aggregateRating` and `review` on an
 * Organization, a Product or a Place, not on a Person, which a private seller is: so the Person
 * stays as it was and its rating and reviews are nodes of their own that name it as
 * `itemReviewed` (AggregateRating and Review take any Thing). Decision 0032.
 */
type TAd = { slug: string; price: number; heading: string };
type TReviewLd = { rating: number; text: string; buyerName: string; createdAt: string };

export function sellerJsonLd(options: {
  url: string;
  name: string;
  ads: TAd[];
  adUrl: (slug: string) => string;
  rating: { average: number | null; count: number };
  reviews: TReviewLd[];
}) {
  const { url, name, ads, adUrl, rating, reviews } = options;
  const person = { '@id': `${url}#seller` };
  const scale = { bestRating: 5, worstRating: 1 };
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Person',
        ...person,
        name,
        url,
        // The ads this page lists, as the offers this person makes.
        makesOffer: ads.map((ad) => ({
          '@type': 'Offer',
          url: adUrl(ad.slug),
          price: ad.price.toFixed(2),
          priceCurrency: 'USD',
          itemOffered: { '@type': 'Product', name: ad.heading },
        })),
      },
      ...(rating.average !== null && rating.count > 0
        ? [
            {
              '@type': 'AggregateRating',
              itemReviewed: person,
              ratingValue: rating.average,
              ratingCount: rating.count,
              ...scale,
            },
          ]
        : []),
      ...reviews.map((r) => ({
        '@type': 'Review',
        itemReviewed: person,
        reviewRating: { '@type': 'Rating', ratingValue: r.rating, ...scale },
        author: { '@type': 'Person', name: r.buyerName },
        datePublished: r.createdAt.slice(0, 10),
        ...(r.text ? { reviewBody: r.text } : {}),
      })),
    ],
  };
}
