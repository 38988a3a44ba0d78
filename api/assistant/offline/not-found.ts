/** What the assistant says when the documentation does not cover a question, in the question's language. */
const NOT_FOUND: Record<string, string> = {
  en: "I couldn't find this in the documentation. Try rephrasing your question with the feature or setting you're looking for, or contact support if the docs don't cover it.",
  fr: "Je n'ai pas trouvé de réponse dans la documentation. Essayez de reformuler votre question avec la fonctionnalité ou le paramètre recherché, ou contactez le support si la documentation ne couvre pas ce sujet.",
  es: 'No encontré una respuesta en la documentación. Intenta reformular tu pregunta con la función o el ajuste que buscas, o contacta con soporte si la documentación no cubre este tema.',
  de: 'Dazu habe ich in der Dokumentation nichts gefunden. Formulieren Sie Ihre Frage mit der gesuchten Funktion oder Einstellung um, oder wenden Sie sich an den Support, falls die Dokumentation das Thema nicht abdeckt.',
  pt: 'Não encontrei isso na documentação. Tente reformular a pergunta com o recurso ou a configuração que procura, ou entre em contato com o suporte se a documentação não cobrir o assunto.',
  zh: '我在文档中没有找到相关内容。请尝试用您要找的功能或设置重新表述问题，如果文档未涵盖该主题，请联系支持团队。',
};

/** Short words common in one language's questions: two of them give the language away. */
const MARKERS: Record<string, Set<string>> = {
  fr: new Set(['comment', 'est-ce', 'je', 'mon', 'ma', 'mes', 'les', 'une', 'pour', 'quel', 'quelle', 'pourquoi', 'avec', 'dans', 'sur', 'des', 'est', 'puis', 'faire', 'ajouter']),
  es: new Set(['cómo', 'como', 'puedo', 'qué', 'mi', 'mis', 'los', 'las', 'una', 'para', 'por', 'dónde', 'con', 'del', 'es', 'hago', 'agregar', 'quién']),
  pt: new Set(['como', 'posso', 'meu', 'minha', 'os', 'uma', 'para', 'onde', 'com', 'não', 'do', 'da', 'faço']),
  de: new Set(['wie', 'ich', 'kann', 'mein', 'meine', 'die', 'der', 'das', 'eine', 'für', 'warum', 'mit', 'ist', 'und']),
};

export function notFoundText(language: string): string {
  return NOT_FOUND[language.toLowerCase().split(/[-_]/)[0]!] ?? NOT_FOUND.en!;
}

/** The question's language when its words tell, else the language of the retrieved results (the request's filter). */
export function answerLanguage(question: string, resultLanguage: string | undefined): string {
  if (/\p{Script=Han}/u.test(question)) return 'zh';
  const words = question.toLowerCase().split(/[^\p{L}-]+/u);
  let best: [string, number] = ['', 1];
  for (const [language, markers] of Object.entries(MARKERS)) {
    const hits = words.filter((word) => markers.has(word)).length;
    if (hits > best[1]) best = [language, hits];
  }
  return best[0] || resultLanguage || 'en';
}
