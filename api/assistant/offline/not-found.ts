import { spokenLanguage } from '../spoken-language.ts';
import { lookupTable } from '../../lookup-table.ts';

/** What the assistant says when the documentation does not cover a question, in the question's language. */
const NOT_FOUND = lookupTable<string>({
  en: "I couldn't find this in the documentation. Try rephrasing your question with the feature or setting you're looking for, or contact support if the docs don't cover it.",
  fr: "Je n'ai pas trouvé de réponse dans la documentation. Essayez de reformuler votre question avec la fonctionnalité ou le paramètre recherché, ou contactez le support si la documentation ne couvre pas ce sujet.",
  es: 'No encontré una respuesta en la documentación. Intenta reformular tu pregunta con la función o el ajuste que buscas, o contacta con soporte si la documentación no cubre este tema.',
  de: 'Dazu habe ich in der Dokumentation nichts gefunden. Formulieren Sie Ihre Frage mit der gesuchten Funktion oder Einstellung um, oder wenden Sie sich an den Support, falls die Dokumentation das Thema nicht abdeckt.',
  pt: 'Não encontrei isso na documentação. Tente reformular a pergunta com o recurso ou a configuração que procura, ou entre em contato com o suporte se a documentação não cobrir o assunto.',
  zh: '我在文档中没有找到相关内容。请尝试用您要找的功能或设置重新表述问题，如果文档未涵盖该主题，请联系支持团队。',
});

export function notFoundText(language: string): string {
  return NOT_FOUND[language.toLowerCase().split(/[-_]/)[0]!] ?? NOT_FOUND.en!;
}

/** The question's language when its words tell, else the language of the retrieved results (the request's filter). */
export function answerLanguage(question: string, resultLanguage: string | undefined): string {
  return spokenLanguage(question) ?? (resultLanguage || 'en');
}
