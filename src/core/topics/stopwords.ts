/**
 * Words that name no topic: function words of the languages prompts are mostly written in, and the
 * words of asking ("please", "what", "can you"). Topic labels skip them (labels.ts), so a label names
 * a topic's distinctive content words even where the words common to every prompt would score high
 * (a small topic, a topic whose prompts share few words). Lower case, as labels' words are read.
 * The vectors keep them: inverse document frequency already weighs them down there.
 */
const LISTS = {
  en: `a about above after again all also am an and any are as at be because been before being below between both but by can
    could did do does doing down during each else few for from further get give had has have having he her here hers him his how
    i if in into is it its itself just let like make me more most my no nor not now of off on once only or other our ours out
    over own please same she should so some such tell than that the their theirs them then there these they this those through
    to too under until up us very want was we were what when where which while who whom why will with would you your yours`,
  fr: `au aux avec ce ces comme dans de des du elle en est et il ils je la le les leur lui ma mais me mes moi mon ne nous on ou
    où par pas pour qu que quel quelle quels qui sa se ses son sont sur ta te tes toi ton tu un une vos votre vous être avoir fait
    faire peux pouvez cette cet comment pourquoi quoi`,
  de: `aber als am an auch auf aus bei bin bis bist da das dass dein deine dem den der des die dir doch du ein eine einem einen
    einer eines er es für hat hatte ich ihr im in ist ja kann kannst mein meine mich mir mit nach nicht noch nur oder sein sich
    sie sind so um und uns von vor war was welche wie wir wird zu zum zur über bitte`,
  es: `al como con de del el ella en es esta este esto hay la las le lo los me mi más no nos o para pero por porque que qué se
    si sin sobre su sus te tu tú un una uno y yo favor puedes cómo cuál`,
  it: `al alla che chi ci come con da del della di e gli ha il in io la le lo ma mi nel non per più se si sono su tu un una uno
    è puoi`,
  pt: `ao aos as com como da das de do dos ela ele em entre era essa esse está eu isso mais mas me meu minha na não nas no nos
    o os ou para pela pelo por qual que se sem ser seu sua são também um uma você`,
  nl: `de het een en van ik te dat die in is niet op met zijn voor er aan maar om ook als bij dan nog wat kan je`,
  ru: `а без бы был была были было в вам вас весь во вот все всё вы где да для до его её если есть ещё же за и из или им их к
    как ко когда кто ли мне мы на над не нет ни но ну о об он она они оно от по под при с со так также там то тоже только ты у
    уже что чтобы это эти этот я можно пожалуйста`,
  pl: `i w na z że się nie do to jest jak co o po ale czy tak jak od za ten ta być`,
  tr: `ve bir bu da de ile için ne mi mı gibi daha çok ben sen o`,
};

export const STOPWORDS: ReadonlySet<string> = new Set(Object.values(LISTS).flatMap((list) => list.split(/\s+/).filter(Boolean)));

export const isStopword = (word: string): boolean => STOPWORDS.has(word);
