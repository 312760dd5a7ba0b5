// Caption renderer on FreeType + HarfBuzz + FriBidi.
import CaptionCore
import CFreeType
import CHarfBuzz
import CFriBidi
