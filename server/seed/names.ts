/** Name and street lists for demo people and addresses (common US names; no real person meant). */
export const FEMALE_FIRST_NAMES: readonly string[] = [
  'Mary', 'Patricia', 'Jennifer', 'Linda', 'Elizabeth', 'Barbara', 'Susan', 'Jessica', 'Sarah', 'Karen',
  'Lisa', 'Nancy', 'Betty', 'Margaret', 'Sandra', 'Ashley', 'Kimberly', 'Emily', 'Donna', 'Michelle',
  'Carol', 'Amanda', 'Dorothy', 'Melissa', 'Deborah', 'Stephanie', 'Rebecca', 'Sharon', 'Laura', 'Cynthia',
  'Kathleen', 'Amy', 'Angela', 'Shirley', 'Anna', 'Brenda', 'Pamela', 'Emma', 'Nicole', 'Helen',
  'Samantha', 'Katherine', 'Christine', 'Debra', 'Rachel', 'Carolyn', 'Janet', 'Catherine', 'Maria', 'Heather',
  'Diane', 'Ruth', 'Julie', 'Olivia', 'Joyce', 'Virginia', 'Victoria', 'Kelly', 'Lauren', 'Christina',
  'Joan', 'Evelyn', 'Judith', 'Megan', 'Andrea', 'Cheryl', 'Hannah', 'Jacqueline', 'Martha', 'Gloria',
  'Guadalupe', 'Rosa', 'Sofia', 'Isabella', 'Camila', 'Valeria', 'Ximena', 'Priya', 'Mei', 'Aaliyah',
];

export const MALE_FIRST_NAMES: readonly string[] = [
  'James', 'Robert', 'John', 'Michael', 'David', 'William', 'Richard', 'Joseph', 'Thomas', 'Charles',
  'Christopher', 'Daniel', 'Matthew', 'Anthony', 'Mark', 'Donald', 'Steven', 'Paul', 'Andrew', 'Joshua',
  'Kenneth', 'Kevin', 'Brian', 'George', 'Timothy', 'Ronald', 'Edward', 'Jason', 'Jeffrey', 'Ryan',
  'Jacob', 'Gary', 'Nicholas', 'Eric', 'Jonathan', 'Stephen', 'Larry', 'Justin', 'Scott', 'Brandon',
  'Benjamin', 'Samuel', 'Gregory', 'Alexander', 'Frank', 'Patrick', 'Raymond', 'Jack', 'Dennis', 'Jerry',
  'Tyler', 'Aaron', 'Jose', 'Adam', 'Nathan', 'Henry', 'Douglas', 'Zachary', 'Peter', 'Kyle',
  'Ethan', 'Walter', 'Noah', 'Jeremy', 'Christian', 'Keith', 'Roger', 'Terry', 'Gerald', 'Harold',
  'Juan', 'Carlos', 'Luis', 'Miguel', 'Jesus', 'Diego', 'Mateo', 'Arjun', 'Wei', 'Malik',
];

export const LAST_NAMES: readonly string[] = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
  'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes',
  'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez',
  'Powell', 'Jenkins', 'Perry', 'Russell', 'Sullivan', 'Bell', 'Coleman', 'Butler', 'Henderson', 'Barnes',
  'Gonzales', 'Fisher', 'Vasquez', 'Simmons', 'Romero', 'Jordan', 'Patterson', 'Alexander', 'Hamilton', 'Graham',
  "O'Brien", 'Tran', 'Nakamura', 'Schmidt', 'Wagner', 'Becker', 'Kowalski', 'Novak', 'Okafor', 'Haddad',
];

export const STREET_NAMES: readonly string[] = [
  'Oak', 'Pecan', 'Cedar', 'Elm', 'Live Oak', 'Bluebonnet', 'Mesquite', 'Willow', 'Magnolia', 'Sycamore',
  'Riverside', 'Lakeview', 'Hillcrest', 'Meadow', 'Park', 'Sunset', 'Highland', 'Ranch', 'Spring', 'Prairie',
  'Cypress', 'Juniper', 'Brazos', 'Colorado', 'Guadalupe', 'Lamar', 'Travis', 'Bowie', 'Crockett', 'Houston',
  'Main', 'Church', 'Mill', 'Walnut', 'Chestnut', 'Maple', 'Hickory', 'Post Oak', 'Stonegate', 'Windmill',
];

export const STREET_SUFFIXES: readonly string[] = ['St', 'Ave', 'Dr', 'Ln', 'Rd', 'Blvd', 'Ct', 'Trl', 'Way', 'Pkwy', 'Cir', 'Loop'];

export interface Locality {
  readonly city: string;
  readonly state: string;
  readonly zips: readonly string[];
  readonly areaCode: string;
}

/** Where each group's patients live: the practices' own metro areas. */
export const LOCALITIES: Readonly<Record<string, readonly Locality[]>> = {
  lakeside: [
    { city: 'Austin', state: 'TX', zips: ['78701', '78702', '78703', '78704', '78745', '78746', '78748', '78749', '78750', '78757'], areaCode: '512' },
    { city: 'Round Rock', state: 'TX', zips: ['78664', '78665', '78681'], areaCode: '512' },
    { city: 'Cedar Park', state: 'TX', zips: ['78613'], areaCode: '512' },
    { city: 'Pflugerville', state: 'TX', zips: ['78660'], areaCode: '512' },
    { city: 'Georgetown', state: 'TX', zips: ['78626', '78628', '78633'], areaCode: '512' },
    { city: 'San Marcos', state: 'TX', zips: ['78666'], areaCode: '512' },
  ],
  northwind: [
    { city: 'Plano', state: 'TX', zips: ['75023', '75024', '75025', '75074', '75075', '75093'], areaCode: '972' },
    { city: 'Frisco', state: 'TX', zips: ['75033', '75034', '75035'], areaCode: '469' },
    { city: 'McKinney', state: 'TX', zips: ['75069', '75070', '75071'], areaCode: '469' },
    { city: 'Allen', state: 'TX', zips: ['75002', '75013'], areaCode: '972' },
    { city: 'Richardson', state: 'TX', zips: ['75080', '75081', '75082'], areaCode: '972' },
    { city: 'Dallas', state: 'TX', zips: ['75201', '75204', '75206', '75214', '75230', '75248'], areaCode: '214' },
  ],
};
