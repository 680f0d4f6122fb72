/**
 * Given names and family names by country, with their real spellings: accents (Hélène, Müller),
 * letters NFKD does not decompose (Łukasz, Weiß, Søren), hyphens (Jean-Pierre, Smith-Jones),
 * particles (van der Meer, de la Cruz, da Silva) and apostrophes (O'Brien, D'Angelo, 't Hart).
 * Lists are '|'-separated because some names contain spaces.
 */
const split = (list: string): readonly string[] => list.split('|');

const ANGLO_GIVEN = split(
  'James|Robert|John|Michael|William|David|Richard|Joseph|Thomas|Christopher|Charles|Daniel|Matthew|Anthony|Andrew|Steven|Edward|Jonathan|Benjamin|Samuel|Nicholas|Timothy|Gregory|Patrick|Mary|Patricia|Jennifer|Linda|Elizabeth|Barbara|Susan|Jessica|Sarah|Karen|Emily|Rebecca|Katherine|Margaret|Laura|Rachel|Hannah|Olivia|Zoë|Renée|Chloë|Grace|Megan|Lauren|Ethan|Noah|Owen|Dylan',
);

export interface NamePool {
  readonly given: readonly string[];
  readonly family: readonly string[];
  /** Chance that a person has a second family name (Spanish "García López"). */
  readonly doubleFamily?: number;
  /** Chance of a middle name (drawn from the given names). */
  readonly middle?: number;
}

export const NAME_POOLS: Readonly<Record<string, NamePool>> = {
  US: {
    given: ANGLO_GIVEN,
    family: split(
      "Smith|Johnson|Williams|Brown|Jones|Garcia|Miller|Davis|Rodriguez|Martinez|Hernandez|Lopez|Wilson|Anderson|Taylor|Moore|Jackson|Lee|Thompson|White|Harris|Clark|Lewis|Robinson|Walker|Young|Allen|King|Wright|Scott|Nguyen|Hill|Green|Adams|Baker|Nelson|Carter|Mitchell|Perez|Roberts|Turner|Phillips|Campbell|Parker|Evans|Edwards|Collins|Stewart|O'Neil|D'Angelo|McDonald|Kim|Chen|Patel|St. John|Van Buren",
    ),
    middle: 0.3,
  },
  GB: {
    given: ANGLO_GIVEN,
    family: split(
      'Smith|Jones|Williams|Taylor|Brown|Davies|Evans|Wilson|Thomas|Roberts|Robinson|Wright|Walker|Hughes|Green|Hall|Clarke|Patel|Wood|Cooper|Ward|Morris|Harrison|Morgan|Bennett|Griffiths|Richardson|Bailey|Khan|Marshall|Simpson|Ellis|Singh|Wilkinson|Foster|Chapman|Powell|Holmes|Barnes|Knight|Lloyd|Fisher|Jenkins|Smith-Jones|Bowes-Lyon|Lloyd-Webber|Fox-Martin|Ashworth',
    ),
    middle: 0.15,
  },
  IE: {
    given: split(
      'Seán|Siobhán|Aoife|Niamh|Ciarán|Pádraig|Eoin|Róisín|Conor|Declan|Aisling|Orla|Cillian|Brendan|Fionnuala|Liam|Sinéad|Tadhg|Máire|Eimear|Patrick|Mary|John|Michael',
    ),
    family: split(
      "Murphy|Kelly|O'Sullivan|Walsh|O'Brien|Byrne|Ryan|O'Connor|O'Neill|O'Reilly|Doyle|McCarthy|Gallagher|O'Doherty|Kennedy|Lynch|Murray|Quinn|McLoughlin|O'Carroll|Connolly|Daly|O'Connell|Ó Súilleabháin",
    ),
  },
  CA: {
    given: [...ANGLO_GIVEN, ...split('Jean-François|Marie-Ève|Geneviève|Étienne|Mathieu|Isabelle|Sébastien|Mélanie')],
    family: split(
      'Tremblay|Gagnon|Roy|Côté|Bouchard|Gauthier|Morin|Lavoie|Fortin|Gagné|Ouellet|Pelletier|Smith|Brown|Wilson|MacDonald|Campbell|Martin|Leblanc|Bélanger',
    ),
    middle: 0.2,
  },
  DE: {
    given: split(
      'Lukas|Jürgen|Jörg|Günther|Björn|Maximilian|Johannes|Wolfgang|Stefan|Andreas|Thomas|Michael|Klaus|Sören|Uwe|Matthias|Katharina|Anna|Lena|Sophie|Käthe|Mareike|Jana|Ute|Birgit|Sabine|Anja|Claudia|Franziska|Hannah|Jörn|Dörte|Alexander|Christoph',
    ),
    family: split(
      'Müller|Schmidt|Schneider|Fischer|Weber|Meyer|Wagner|Becker|Schulz|Hoffmann|Schäfer|Koch|Bauer|Richter|Klein|Wolf|Schröder|Neumann|Schwarz|Zimmermann|Braun|Krüger|Hartmann|Lange|Werner|Krause|Lehmann|Köhler|König|Huber|Fuchs|Möller|Weiß|Groß|Strauß|Vogel|von Bülow|von der Heide|Müller-Lüdenscheidt|Schmitz-Öhler',
    ),
  },
  FR: {
    given: split(
      'Jean-Pierre|Jean-Luc|Marie-Claire|François|Hélène|Élodie|Chloé|Léa|Théo|Zoé|Céline|Frédéric|Jérôme|Stéphane|Sébastien|Cécile|Amélie|Gaëlle|Noël|Benoît|Loïc|Anaïs|Inès|Clément|Maël|Joël|Thérèse|Julien|Camille|Nicolas|Antoine|Margaux',
    ),
    family: split(
      "Martin|Bernard|Dubois|Thomas|Robert|Richard|Petit|Durand|Leroy|Moreau|Simon|Laurent|Lefèvre|Michel|David|Bertrand|Roux|Vincent|Fournier|Morel|Girard|André|Mercier|Dupont|Lambert|Bonnet|de La Fontaine|Le Gall|Le Goff|d'Alembert|de Villiers|Saint-Exupéry|Fabre|Guérin",
    ),
  },
  NL: {
    given: split(
      'Jan|Pieter|Daan|Sem|Lucas|Bram|Thijs|Joost|Sander|Maarten|Sanne|Lotte|Femke|Anouk|Eva|Fleur|Noor|Lieke|Marieke|Inge|Ruud|Wouter|Geert|Joris|Bart|Esther',
    ),
    family: split(
      "de Jong|Jansen|de Vries|van den Berg|van Dijk|Bakker|Janssen|Visser|Smit|Meijer|de Boer|Mulder|de Groot|Bos|Vos|Hendriks|van Leeuwen|Dekker|Brouwer|de Wit|Dijkstra|de Graaf|van der Meer|van der Linden|Kok|de Haan|Vermeulen|van den Heuvel|van der Veen|van den Broek|de Bruijn|van der Heijden|Schouten|Prins|van Beek|'t Hart",
    ),
  },
  ES: {
    given: split(
      'José|María|Antonio|Manuel|Francisco|Javier|Jesús|Álvaro|Sergio|Adrián|Íñigo|Raúl|Rubén|Óscar|Lucía|Sofía|Martina|Paula|Julia|Carmen|Ana|Marta|Elena|Nuria|Begoña|Ainhoa|María José|José Luis|Juan Carlos',
    ),
    family: split(
      'García|Rodríguez|González|Fernández|López|Martínez|Sánchez|Pérez|Gómez|Martín|Jiménez|Ruiz|Hernández|Díaz|Moreno|Muñoz|Álvarez|Romero|Alonso|Gutiérrez|Navarro|Torres|Domínguez|Vázquez|Ramos|Serrano|Blanco|Castaño|Ibáñez|de la Cruz|del Río|de la Fuente|Núñez',
    ),
    doubleFamily: 0.4,
  },
  IT: {
    given: split(
      'Giuseppe|Giovanni|Antonio|Mario|Luigi|Francesco|Alessandro|Lorenzo|Matteo|Andrea|Marco|Luca|Niccolò|Gianluca|Pierluigi|Giulia|Francesca|Chiara|Sara|Alessia|Federica|Elisa|Ilaria|Beatrice',
    ),
    family: split(
      "Rossi|Russo|Ferrari|Esposito|Bianchi|Romano|Colombo|Ricci|Marino|Greco|Bruno|Gallo|Conti|De Luca|Mancini|Costa|Giordano|Rizzo|Lombardi|Moretti|Barbieri|Fontana|Santoro|Caruso|Leone|Gentile|D'Amico|Dell'Acqua|De Santis|Di Stefano|La Rosa|Lo Bianco",
    ),
  },
  SE: {
    given: split(
      'Lars|Anders|Johan|Erik|Per|Karl|Nils|Björn|Magnus|Mikael|Fredrik|Åsa|Åke|Göran|Ingrid|Kerstin|Karin|Sofia|Linnéa|Märta|Elin|Frida|Emma|Ebba|Maja|Søren|Jørgen',
    ),
    family: split(
      'Andersson|Johansson|Karlsson|Nilsson|Eriksson|Larsson|Olsson|Persson|Svensson|Gustafsson|Pettersson|Jönsson|Lindberg|Lindström|Lindqvist|Lindgren|Bergström|Lundqvist|Sjöberg|Engström|Håkansson|Åberg|Öberg|Söderberg|Løvland|Ødegård',
    ),
  },
  PL: {
    given: split(
      'Piotr|Krzysztof|Andrzej|Tomasz|Paweł|Michał|Marcin|Jakub|Łukasz|Grzegorz|Mateusz|Wojciech|Bartłomiej|Anna|Katarzyna|Małgorzata|Agnieszka|Ewa|Magdalena|Joanna|Aleksandra|Zofia|Żaneta|Jolanta',
    ),
    family: split(
      'Nowak|Kowalski|Wiśniewski|Wójcik|Kowalczyk|Kamiński|Lewandowski|Zieliński|Szymański|Woźniak|Dąbrowski|Kozłowski|Jankowski|Mazur|Kwiatkowski|Krawczyk|Kaczmarek|Grabowski|Zając|Pawłowski|Król|Wieczorek|Jabłoński|Wróbel|Stępień|Górski|Sikora|Łukaszewicz',
    ),
  },
  IN: {
    given: split(
      'Aarav|Vivaan|Aditya|Arjun|Sai|Rohan|Rahul|Amit|Vikram|Sanjay|Priya|Ananya|Diya|Kavya|Neha|Pooja|Sneha|Divya|Lakshmi|Meera|Anjali|Deepika|Ravi|Suresh|Ramesh|Rajesh|Karthik|Venkatesh|Harish',
    ),
    family: split(
      'Sharma|Verma|Gupta|Singh|Kumar|Patel|Shah|Mehta|Joshi|Desai|Reddy|Rao|Nair|Menon|Iyer|Pillai|Chatterjee|Banerjee|Mukherjee|Das|Bose|Ghosh|Kapoor|Malhotra|Khanna|Agarwal|Jain|Chopra|Kulkarni|Naidu',
    ),
  },
  BR: {
    given: split(
      'João|José|Antônio|Francisco|Carlos|Paulo|Pedro|Lucas|Luiz|Marcos|Gabriel|Rafael|Marcelo|Bruno|Eduardo|Felipe|Rodrigo|Maria|Ana|Adriana|Juliana|Márcia|Fernanda|Patrícia|Aline|Camila|Amanda|Jéssica|Letícia|Júlia|Vitória|Beatriz|Conceição',
    ),
    family: split(
      'Silva|Santos|Oliveira|Souza|Rodrigues|Ferreira|Alves|Pereira|Lima|Gomes|Costa|Ribeiro|Martins|Carvalho|Almeida|Lopes|Soares|Fernandes|Vieira|Barbosa|Rocha|Dias|Nascimento|Andrade|Gonçalves|Araújo|da Silva|dos Santos|de Souza|da Costa|Conceição',
    ),
    doubleFamily: 0.2,
  },
};

/** Where companies are, with rough weights of a B2B lead database. */
export const COUNTRY_WEIGHTS: readonly (readonly [string, number])[] = [
  ['US', 30],
  ['GB', 11],
  ['DE', 10],
  ['FR', 8],
  ['IN', 7],
  ['NL', 5],
  ['ES', 5],
  ['BR', 5],
  ['CA', 4],
  ['IT', 4],
  ['SE', 4],
  ['PL', 4],
  ['IE', 3],
];

/** Short forms people go by, and sometimes use as their address (bob.smith@ for Robert Smith). */
export const NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  Robert: ['Bob', 'Rob'],
  William: ['Bill', 'Will'],
  James: ['Jim', 'Jamie'],
  John: ['Jack', 'Johnny'],
  Michael: ['Mike'],
  Richard: ['Rick', 'Rich'],
  Joseph: ['Joe'],
  Thomas: ['Tom'],
  Christopher: ['Chris'],
  Daniel: ['Dan', 'Danny'],
  Matthew: ['Matt'],
  Anthony: ['Tony'],
  Andrew: ['Andy', 'Drew'],
  Steven: ['Steve'],
  Edward: ['Ed', 'Ted'],
  Jonathan: ['Jon'],
  Benjamin: ['Ben'],
  Samuel: ['Sam'],
  Nicholas: ['Nick'],
  Timothy: ['Tim'],
  Gregory: ['Greg'],
  Patrick: ['Pat', 'Paddy'],
  Patricia: ['Trish', 'Patty'],
  Jennifer: ['Jen', 'Jenny'],
  Elizabeth: ['Liz', 'Beth'],
  Susan: ['Sue'],
  Jessica: ['Jess'],
  Katherine: ['Kate', 'Katie'],
  Margaret: ['Maggie', 'Peggy'],
  Rebecca: ['Becky'],
  Alexander: ['Alex'],
  Alessandro: ['Sandro'],
  Giuseppe: ['Beppe'],
  Johannes: ['Hannes'],
  Maximilian: ['Max'],
  Francisco: ['Paco'],
  José: ['Pepe'],
  Javier: ['Javi'],
  Katarzyna: ['Kasia'],
  Małgorzata: ['Gosia'],
  Bartłomiej: ['Bartek'],
  Venkatesh: ['Venky'],
};
