// CEA-608 conversion validation: rules, warnings with suggested adjustments, the conformer.
import CaptionCore
import CEA608
