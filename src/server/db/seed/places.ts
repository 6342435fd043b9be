// Real places where investors sit, weighted roughly by how many investment firms are there. Each
// carries what makes a record coherent: its state, country, telephone code, web domain ending and the
// geographic preferences of a firm based there.

export interface Place {
  city: string;
  /** 'NaN' where the country has no state level worth naming (Singapore, Hong Kong). */
  state: string;
  /** Short form for US postal addresses; the state itself elsewhere. */
  stateCode: string;
  country: string;
  weight: number;
  phoneCode: string;
  tld: string;
  home: string[];
}

const US = 'United States';
type UsRegion = 'California' | 'Mid-Atlantic' | 'Midwest' | 'Southeast' | 'Southwest' | 'Northeast' | null;

function us(city: string, state: string, stateCode: string, region: UsRegion, weight: number): Place {
  return {
    city,
    state,
    stateCode,
    country: US,
    weight,
    phoneCode: '1',
    tld: 'com',
    home: region ? [US, `${US} - ${region}`] : [US],
  };
}

function abroad(
  city: string,
  state: string,
  country: string,
  weight: number,
  phoneCode: string,
  tld: string,
  home: string[],
): Place {
  return { city, state, stateCode: state, country, weight, phoneCode, tld, home };
}

const EUROPE = 'Europe';
const ASIA = 'Asia';

export const PLACES: readonly Place[] = [
  us('San Francisco', 'California', 'CA', 'California', 8),
  us('Palo Alto', 'California', 'CA', 'California', 4),
  us('Menlo Park', 'California', 'CA', 'California', 4),
  us('Los Angeles', 'California', 'CA', 'California', 5),
  us('San Diego', 'California', 'CA', 'California', 2),
  us('San Jose', 'California', 'CA', 'California', 1.5),
  us('Mountain View', 'California', 'CA', 'California', 1),
  us('Santa Monica', 'California', 'CA', 'California', 1),
  us('Irvine', 'California', 'CA', 'California', 1),
  us('Oakland', 'California', 'CA', 'California', 0.5),
  us('New York', 'New York', 'NY', 'Mid-Atlantic', 12),
  us('Brooklyn', 'New York', 'NY', 'Mid-Atlantic', 1),
  us('Philadelphia', 'Pennsylvania', 'PA', 'Mid-Atlantic', 1.2),
  us('Pittsburgh', 'Pennsylvania', 'PA', 'Mid-Atlantic', 0.6),
  us('Washington', 'District of Columbia', 'DC', 'Mid-Atlantic', 1.2),
  us('Arlington', 'Virginia', 'VA', 'Mid-Atlantic', 0.5),
  us('Reston', 'Virginia', 'VA', 'Mid-Atlantic', 0.4),
  us('Baltimore', 'Maryland', 'MD', 'Mid-Atlantic', 0.4),
  us('Bethesda', 'Maryland', 'MD', 'Mid-Atlantic', 0.3),
  us('Princeton', 'New Jersey', 'NJ', 'Mid-Atlantic', 0.4),
  us('Newark', 'New Jersey', 'NJ', 'Mid-Atlantic', 0.2),
  us('Wilmington', 'Delaware', 'DE', 'Mid-Atlantic', 0.2),
  us('Boston', 'Massachusetts', 'MA', 'Northeast', 5),
  us('Cambridge', 'Massachusetts', 'MA', 'Northeast', 2),
  us('Waltham', 'Massachusetts', 'MA', 'Northeast', 0.5),
  us('Greenwich', 'Connecticut', 'CT', 'Northeast', 1),
  us('Stamford', 'Connecticut', 'CT', 'Northeast', 0.5),
  us('New Haven', 'Connecticut', 'CT', 'Northeast', 0.3),
  us('Providence', 'Rhode Island', 'RI', 'Northeast', 0.2),
  us('Portland', 'Maine', 'ME', 'Northeast', 0.1),
  us('Burlington', 'Vermont', 'VT', 'Northeast', 0.1),
  us('Chicago', 'Illinois', 'IL', 'Midwest', 4),
  us('Minneapolis', 'Minnesota', 'MN', 'Midwest', 0.8),
  us('Columbus', 'Ohio', 'OH', 'Midwest', 0.5),
  us('Cleveland', 'Ohio', 'OH', 'Midwest', 0.5),
  us('Cincinnati', 'Ohio', 'OH', 'Midwest', 0.4),
  us('Detroit', 'Michigan', 'MI', 'Midwest', 0.5),
  us('Ann Arbor', 'Michigan', 'MI', 'Midwest', 0.3),
  us('St. Louis', 'Missouri', 'MO', 'Midwest', 0.5),
  us('Kansas City', 'Missouri', 'MO', 'Midwest', 0.3),
  us('Milwaukee', 'Wisconsin', 'WI', 'Midwest', 0.3),
  us('Madison', 'Wisconsin', 'WI', 'Midwest', 0.2),
  us('Indianapolis', 'Indiana', 'IN', 'Midwest', 0.3),
  us('Omaha', 'Nebraska', 'NE', 'Midwest', 0.2),
  us('Des Moines', 'Iowa', 'IA', 'Midwest', 0.1),
  us('Atlanta', 'Georgia', 'GA', 'Southeast', 1.5),
  us('Miami', 'Florida', 'FL', 'Southeast', 2),
  us('Tampa', 'Florida', 'FL', 'Southeast', 0.5),
  us('Jacksonville', 'Florida', 'FL', 'Southeast', 0.3),
  us('Charlotte', 'North Carolina', 'NC', 'Southeast', 0.8),
  us('Raleigh', 'North Carolina', 'NC', 'Southeast', 0.6),
  us('Durham', 'North Carolina', 'NC', 'Southeast', 0.4),
  us('Nashville', 'Tennessee', 'TN', 'Southeast', 0.7),
  us('Charleston', 'South Carolina', 'SC', 'Southeast', 0.2),
  us('Louisville', 'Kentucky', 'KY', 'Southeast', 0.2),
  us('Birmingham', 'Alabama', 'AL', 'Southeast', 0.2),
  us('Austin', 'Texas', 'TX', 'Southwest', 3),
  us('Dallas', 'Texas', 'TX', 'Southwest', 2),
  us('Houston', 'Texas', 'TX', 'Southwest', 2),
  us('San Antonio', 'Texas', 'TX', 'Southwest', 0.5),
  us('Phoenix', 'Arizona', 'AZ', 'Southwest', 0.5),
  us('Scottsdale', 'Arizona', 'AZ', 'Southwest', 0.4),
  us('Albuquerque', 'New Mexico', 'NM', 'Southwest', 0.1),
  us('Oklahoma City', 'Oklahoma', 'OK', 'Southwest', 0.1),
  us('Denver', 'Colorado', 'CO', 'Southwest', 1.5),
  us('Boulder', 'Colorado', 'CO', 'Southwest', 1),
  us('Salt Lake City', 'Utah', 'UT', 'Southwest', 0.6),
  us('Las Vegas', 'Nevada', 'NV', 'Southwest', 0.3),
  us('Seattle', 'Washington', 'WA', null, 2.5),
  us('Bellevue', 'Washington', 'WA', null, 0.5),
  us('Portland', 'Oregon', 'OR', null, 0.6),
  us('Honolulu', 'Hawaii', 'HI', null, 0.1),
  us('Anchorage', 'Alaska', 'AK', null, 0.05),

  abroad('London', 'England', 'United Kingdom', 5, '44', 'co.uk', ['United Kingdom', EUROPE]),
  abroad('Manchester', 'England', 'United Kingdom', 0.5, '44', 'co.uk', ['United Kingdom', EUROPE]),
  abroad('Oxford', 'England', 'United Kingdom', 0.3, '44', 'co.uk', ['United Kingdom', EUROPE]),
  abroad('Edinburgh', 'Scotland', 'United Kingdom', 0.4, '44', 'co.uk', ['United Kingdom', EUROPE]),
  abroad('Berlin', 'Berlin', 'Germany', 1.5, '49', 'de', ['Germany', EUROPE]),
  abroad('Munich', 'Bavaria', 'Germany', 1.2, '49', 'de', ['Germany', EUROPE]),
  abroad('Hamburg', 'Hamburg', 'Germany', 0.6, '49', 'de', ['Germany', EUROPE]),
  abroad('Frankfurt', 'Hesse', 'Germany', 0.6, '49', 'de', ['Germany', EUROPE]),
  abroad('Paris', 'Île-de-France', 'France', 2, '33', 'fr', ['France', EUROPE]),
  abroad('Lyon', 'Auvergne-Rhône-Alpes', 'France', 0.3, '33', 'fr', ['France', EUROPE]),
  abroad('Zurich', 'Zurich', 'Switzerland', 0.8, '41', 'ch', ['Switzerland', EUROPE]),
  abroad('Geneva', 'Geneva', 'Switzerland', 0.5, '41', 'ch', ['Switzerland', EUROPE]),
  abroad('Amsterdam', 'North Holland', 'Netherlands', 0.8, '31', 'nl', ['Netherlands', EUROPE]),
  abroad('Rotterdam', 'South Holland', 'Netherlands', 0.2, '31', 'nl', ['Netherlands', EUROPE]),
  abroad('Stockholm', 'Stockholm County', 'Sweden', 0.8, '46', 'se', ['Sweden', EUROPE]),
  abroad('Gothenburg', 'Västra Götaland', 'Sweden', 0.2, '46', 'se', ['Sweden', EUROPE]),
  abroad('Helsinki', 'Uusimaa', 'Finland', 0.5, '358', 'fi', ['Finland', EUROPE]),
  abroad('Espoo', 'Uusimaa', 'Finland', 0.1, '358', 'fi', ['Finland', EUROPE]),
  abroad('Vienna', 'Vienna', 'Austria', 0.4, '43', 'at', ['Austria', EUROPE]),
  abroad('Dublin', 'Leinster', 'Ireland', 0.4, '353', 'ie', [EUROPE]),
  abroad('Madrid', 'Community of Madrid', 'Spain', 0.3, '34', 'es', [EUROPE]),
  abroad('Copenhagen', 'Capital Region', 'Denmark', 0.3, '45', 'dk', [EUROPE]),
  abroad('Toronto', 'Ontario', 'Canada', 1.5, '1', 'ca', ['Canada']),
  abroad('Vancouver', 'British Columbia', 'Canada', 0.8, '1', 'ca', ['Canada']),
  abroad('Montreal', 'Quebec', 'Canada', 0.8, '1', 'ca', ['Canada']),
  abroad('Tel Aviv', 'Tel Aviv District', 'Israel', 1.2, '972', 'co.il', ['Israel']),
  abroad('Herzliya', 'Tel Aviv District', 'Israel', 0.4, '972', 'co.il', ['Israel']),
  abroad('Jerusalem', 'Jerusalem District', 'Israel', 0.3, '972', 'co.il', ['Israel']),
  abroad('Beijing', 'Beijing', 'China', 1.2, '86', 'cn', ['China', ASIA]),
  abroad('Shanghai', 'Shanghai', 'China', 1.2, '86', 'cn', ['China', ASIA]),
  abroad('Shenzhen', 'Guangdong', 'China', 0.6, '86', 'cn', ['China', ASIA]),
  abroad('Singapore', 'NaN', 'Singapore', 1, '65', 'sg', [ASIA]),
  abroad('Hong Kong', 'NaN', 'Hong Kong', 0.6, '852', 'hk', [ASIA, 'China']),
  abroad('Tokyo', 'Tokyo', 'Japan', 0.6, '81', 'jp', [ASIA]),
  abroad('Bangalore', 'Karnataka', 'India', 0.5, '91', 'in', [ASIA]),
  abroad('Mumbai', 'Maharashtra', 'India', 0.4, '91', 'in', [ASIA]),
  abroad('Seoul', 'Seoul', 'South Korea', 0.4, '82', 'kr', [ASIA]),
];
